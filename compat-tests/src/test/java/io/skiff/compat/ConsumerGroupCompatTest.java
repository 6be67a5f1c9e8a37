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
import static io.skiff.compat.GroupCompatSupport.coversExactlyOnce;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.compat.GroupCompatSupport.Stop;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Consumer groups with the official Java consumer (classic protocol): 1, 2 and 3 members on a 6-partition
 * topic, each partition assigned exactly once; rebalances when a member joins, leaves, and crashes (closes
 * without leaving, found by the session timeout); with commitSync after every poll no record is lost or
 * duplicated across the rebalances. Runs with the range and the cooperative-sticky assignors.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = GroupCompatSupport.MIN_SESSION_TIMEOUT)
class ConsumerGroupCompatTest {
    private static final String TOPIC = "orders";
    private static final int PARTITIONS = 6;
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** Filled by the extension: a broker per test. */
    private SkiffServer server;

    private final List<GroupConsumer> consumers = new ArrayList<>();

    @BeforeEach
    void start() {
        server.createTopic(TOPIC, PARTITIONS);
    }

    @AfterEach
    void stop() throws InterruptedException {
        for (GroupConsumer c : consumers) {
            c.stop(Stop.LEAVE);
        }
    }

    @ParameterizedTest
    @ValueSource(classes = {RangeAssignor.class, CooperativeStickyAssignor.class})
    void membersJoinLeaveAndCrashWithoutLosingOrDuplicatingRecords(Class<?> assignor) throws Exception {
        String group = "g-" + assignor.getSimpleName();
        ConcurrentLinkedQueue<String> received = new ConcurrentLinkedQueue<>();
        List<String> produced = new ArrayList<>();

        produced.addAll(GroupCompatSupport.produce(server, TOPIC, PARTITIONS, "a", 300));
        GroupConsumer c1 = join(group, assignor, received);
        awaitBalanced(List.of(c1));
        awaitReceived(received, produced);

        GroupConsumer c2 = join(group, assignor, received);
        produced.addAll(GroupCompatSupport.produce(server, TOPIC, PARTITIONS, "b", 300));
        awaitBalanced(List.of(c1, c2));
        GroupConsumer c3 = join(group, assignor, received);
        awaitBalanced(List.of(c1, c2, c3));
        produced.addAll(GroupCompatSupport.produce(server, TOPIC, PARTITIONS, "c", 300));
        awaitReceived(received, produced);
        List.of(c1, c2, c3).forEach(c -> assertEquals(2, c.assignment().size(), "6 partitions over 3 members"));

        // leave: LeaveGroup, the others take over at once
        c3.stop(Stop.LEAVE);
        consumers.remove(c3);
        awaitBalanced(List.of(c1, c2));
        produced.addAll(GroupCompatSupport.produce(server, TOPIC, PARTITIONS, "d", 300));
        awaitReceived(received, produced);

        // crash: no LeaveGroup; the broker still lists the member until its session times out
        c2.stop(Stop.CRASH);
        consumers.remove(c2);
        try (Admin admin = GroupCompatSupport.admin(server)) {
            ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group))
                    .describedGroups()
                    .get(group)
                    .get();
            assertEquals(2, d.members().size(), "a crashed member is not gone before its session expires");
        }
        produced.addAll(GroupCompatSupport.produce(server, TOPIC, PARTITIONS, "e", 300));
        awaitBalanced(List.of(c1));
        awaitReceived(received, produced);

        Map<String, Long> counts = GroupCompatSupport.countOccurrences(received);
        assertEquals(new HashSet<>(produced), counts.keySet(), "nothing lost");
        counts.forEach((v, n) -> assertEquals(1L, n, "duplicate delivery of " + v));
    }

    private GroupConsumer join(String group, Class<?> assignor, ConcurrentLinkedQueue<String> received) {
        GroupConsumer c = new GroupConsumer(consumerProps(server, group, assignor.getName()), TOPIC, received);
        consumers.add(c);
        return c;
    }

    private void awaitBalanced(List<GroupConsumer> members) {
        await().atMost(WAIT).untilAsserted(() -> {
            for (GroupConsumer m : members) {
                assertTrue(m.failure() == null, () -> "consumer failed: " + m.failure());
            }
            assertTrue(
                    coversExactlyOnce(TOPIC, PARTITIONS, members),
                    () -> "assignments "
                            + members.stream().map(GroupConsumer::assignment).toList());
            int expected = PARTITIONS / members.size();
            for (GroupConsumer m : members) {
                assertEquals(expected, m.assignment().size(), "even spread");
            }
        });
    }

    private static void awaitReceived(ConcurrentLinkedQueue<String> received, List<String> produced) {
        await().atMost(WAIT).until(() -> new HashSet<>(received).containsAll(produced));
    }
}
