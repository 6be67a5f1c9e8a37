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
import static io.skiff.compat.GroupCompatSupport.described;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.compat.GroupCompatSupport.Stop;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
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

    @RegisterExtension
    final GroupConsumers consumers = new GroupConsumers();

    @BeforeEach
    void start() {
        server.createTopic(TOPIC, PARTITIONS);
    }

    @ParameterizedTest
    @ValueSource(classes = {RangeAssignor.class, CooperativeStickyAssignor.class})
    void membersJoinLeaveAndCrashWithoutLosingOrDuplicatingRecords(Class<?> assignor) throws Exception {
        String group = "g-" + assignor.getSimpleName();
        GroupScenario scenario = new GroupScenario(server.bootstrapServers(), TOPIC, PARTITIONS, WAIT, consumers);

        List<GroupConsumer> members = scenario.growToThree(() -> consumerProps(server, group, assignor.getName()));
        members.forEach(c -> assertEquals(2, c.assignment().size(), "6 partitions over 3 members"));
        GroupConsumer c1 = members.get(0);
        GroupConsumer c2 = members.get(1);

        // leave: LeaveGroup, the others take over at once
        consumers.stop(members.get(2));
        scenario.awaitSettled(c1, c2);
        scenario.produce("d");
        scenario.awaitReceived();

        // crash: no LeaveGroup; the broker still lists the member until its session times out
        consumers.stop(c2, Stop.CRASH);
        try (Admin admin = GroupCompatSupport.admin(server)) {
            assertEquals(
                    2,
                    described(admin, group).members().size(),
                    "a crashed member is not gone before its session expires");
        }
        scenario.produce("e");
        scenario.awaitSettled(c1);
        scenario.awaitReceived();

        scenario.assertEachReceivedOnce();
    }
}
