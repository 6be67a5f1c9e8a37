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

import static io.skiff.compat.GroupCompatSupport.consumerProtocolProps;
import static io.skiff.compat.GroupCompatSupport.described;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.GroupType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The KIP-848 consumer group protocol with the official Java consumer 4.1 ({@code group.protocol=consumer}):
 * 1, 2 and 3 members on a 6-partition topic, each partition owned exactly once; rebalances when a member
 * joins and leaves; with commitSync after every poll no record is lost or duplicated across the rebalances.
 * Runs with both server-side assignors, uniform and range.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = "group.consumer.session.timeout.ms=3000")
class ConsumerProtocolCompatTest {
    private static final String TOPIC = "payments";
    private static final int PARTITIONS = 6;
    private static final Duration WAIT = Duration.ofSeconds(60);

    private SkiffServer server;

    @RegisterExtension
    final GroupConsumers consumers = new GroupConsumers();

    @BeforeEach
    void start() {
        server.createTopic(TOPIC, PARTITIONS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"uniform", "range"})
    void membersJoinAndLeaveWithoutLosingOrDuplicatingRecords(String assignor) throws Exception {
        String group = "g-" + assignor;
        GroupScenario scenario = new GroupScenario(server.bootstrapServers(), TOPIC, PARTITIONS, WAIT, consumers);

        List<GroupConsumer> members = scenario.growToThree(() -> consumerProtocolProps(server, group, assignor));

        try (Admin admin = GroupCompatSupport.admin(server)) {
            ConsumerGroupDescription d = described(admin, group);
            assertEquals(GroupType.CONSUMER, d.type());
            assertEquals(assignor, d.partitionAssignor());
            assertEquals(3, d.members().size());
            assertTrue(d.groupEpoch().orElseThrow() >= 3, "an epoch per join at least: " + d.groupEpoch());
            int assigned = d.members().stream()
                    .mapToInt(m -> m.assignment().topicPartitions().size())
                    .sum();
            assertEquals(PARTITIONS, assigned, "members' assignments as Admin sees them");
        }

        // leave: the member sends epoch -1, the others take over its partitions
        consumers.stop(members.get(2));
        scenario.awaitSettled(members.get(0), members.get(1));
        scenario.produce("d");
        scenario.awaitReceived();

        scenario.assertEachReceivedOnce();
    }
}
