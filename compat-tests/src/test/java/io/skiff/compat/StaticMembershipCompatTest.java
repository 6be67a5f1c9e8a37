/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.skiff.compat;

import static io.skiff.compat.GroupCompatSupport.consumerProps;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.compat.GroupCompatSupport.Stop;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Static membership (group.instance.id): a member that restarts within its session timeout gets its
 * partitions back without a rebalance — the other member keeps its partitions and generation — and the
 * broker fenced the old incarnation's member id.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = GroupCompatSupport.MIN_SESSION_TIMEOUT)
class StaticMembershipCompatTest {
    private static final String TOPIC = "static-topic";
    private static final String GROUP = "static-group";
    /** Long enough that the restart below always happens within the session. */
    private static final int STATIC_SESSION_MS = 30_000;

    /** Filled by the extension: a broker per test. */
    private SkiffServer server;

    @BeforeEach
    void start() {
        server.createTopic(TOPIC, 6);
    }

    private Properties staticProps(String instance) {
        Properties p = consumerProps(server, GROUP, RangeAssignor.class.getName());
        p.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instance);
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, String.valueOf(STATIC_SESSION_MS));
        return p;
    }

    @Test
    void restartedStaticMemberRejoinsWithoutRebalance() throws Exception {
        ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
        GroupConsumer a = new GroupConsumer(staticProps("instance-a"), TOPIC, received);
        GroupConsumer b = new GroupConsumer(staticProps("instance-b"), TOPIC, received);
        try (Admin admin = GroupCompatSupport.admin(server)) {
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> GroupCompatSupport.coversExactlyOnce(TOPIC, 6, List.of(a, b))
                            && a.assignment().size() == 3
                            && describe(admin).members().size() == 2);
            Set<TopicPartition> aPartitions = a.assignment();
            Set<TopicPartition> bPartitions = b.assignment();
            int generation = a.generation();
            int aRevocations = a.revocations();
            String oldMemberIdOfB = memberOf(describe(admin), "instance-b").consumerId();

            b.stop(Stop.LEAVE); // a static member's close() does not leave the group
            ConsumerGroupDescription whileDown = describe(admin);
            assertEquals(2, whileDown.members().size(), "the static member stays in the group while it restarts");

            GroupConsumer b2 = new GroupConsumer(staticProps("instance-b"), TOPIC, received);
            try {
                await().atMost(Duration.ofSeconds(30))
                        .until(() -> b2.assignment().equals(bPartitions));
                ConsumerGroupDescription after = describe(admin);
                assertEquals("Stable", after.groupState().toString());
                assertEquals(
                        Set.of("instance-a", "instance-b"),
                        after.members().stream()
                                .map(m -> m.groupInstanceId().orElseThrow())
                                .collect(Collectors.toSet()));
                assertNotEquals(
                        oldMemberIdOfB,
                        memberOf(after, "instance-b").consumerId(),
                        "the restarted member got a new member id (the old one is fenced)");
                assertEquals(aPartitions, a.assignment(), "the other member kept its partitions");
                assertEquals(generation, a.generation(), "no new generation");
                assertEquals(generation, b2.generation(), "rejoined into the same generation");
                assertEquals(aRevocations, a.revocations(), "no rebalance reached the other member");
            } finally {
                b2.stop(Stop.LEAVE);
            }
        } finally {
            a.stop(Stop.LEAVE);
        }
        assertTrue(a.failure() == null);
    }

    private static ConsumerGroupDescription describe(Admin admin) throws Exception {
        return admin.describeConsumerGroups(List.of(GROUP))
                .describedGroups()
                .get(GROUP)
                .get();
    }

    private static MemberDescription memberOf(ConsumerGroupDescription d, String instance) {
        return d.members().stream()
                .filter(m -> m.groupInstanceId().orElse("").equals(instance))
                .findFirst()
                .orElseThrow();
    }
}
