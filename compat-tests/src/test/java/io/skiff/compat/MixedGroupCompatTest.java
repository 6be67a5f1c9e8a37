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

import static io.skiff.compat.GroupCompatSupport.admin;
import static io.skiff.compat.GroupCompatSupport.assertTwoClassicMembersAndOneOfTheConsumerProtocol;
import static io.skiff.compat.GroupCompatSupport.classicProps;
import static io.skiff.compat.GroupCompatSupport.consumerProtocolProps;
import static io.skiff.compat.GroupCompatSupport.described;
import static io.skiff.compat.GroupCompatSupport.listed;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A mixed group, run against Skiff and against a real Kafka 4.1 with the same expectations (Kafka's behaviour is
 * the spec): classic Java consumers ({@code group.protocol=classic}) form a classic group; a consumer-protocol
 * consumer ({@code group.protocol=consumer}) joins it, which upgrades it to a consumer group that keeps the
 * classic members; every partition of a 6-partition topic is owned exactly once once it settles, and with
 * commitSync after every poll nothing is lost or duplicated; when the consumer-protocol member leaves, the
 * group downgrades to a classic group and goes on. The classic members use the eager range assignor, or the
 * cooperative-sticky one (which revokes partitions in a second join).
 */
@Skiff
class MixedGroupCompatTest {
    private static final int PARTITIONS = 6;
    private static final Duration WAIT = Duration.ofSeconds(120);

    private static SkiffServer server;

    @RegisterExtension
    final GroupConsumers consumers = new GroupConsumers();

    @ParameterizedTest
    @CsvSource({"skiff, range", "kafka, range", "skiff, cooperative-sticky", "kafka, cooperative-sticky"})
    void classicAndConsumerProtocolMembersShareAGroupThatUpgradesAndDowngrades(String target, String assignor)
            throws Exception {
        String bootstrap = GroupCompatSupport.bootstrapOf(target, server);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "mixed-" + suffix;
        String group = "mixed-group-" + suffix;
        GroupScenario scenario = new GroupScenario(bootstrap, topic, PARTITIONS, WAIT, consumers);
        consumers.cleanup(() -> deleteGroupAndTopic(bootstrap, group, topic));
        try (Admin admin = admin(bootstrap)) {
            // The consumer-protocol member heartbeats as often on Kafka (5 s by default) as on Skiff (500 ms by
            // default), so that each step of the upgrade and downgrade settles as soon on both.
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, group),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("consumer.heartbeat.interval.ms", "500"),
                                    AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
            scenario.createTopicAndProduce(admin, "a");

            GroupConsumer classic1 = scenario.join(classicProps(bootstrap, group, assignorClass(assignor)));
            GroupConsumer classic2 = scenario.join(classicProps(bootstrap, group, assignorClass(assignor)));
            scenario.awaitSettled(classic1, classic2);
            scenario.awaitReceived();
            assertEquals(GroupType.CLASSIC, listed(admin, group).type().orElseThrow());

            GroupConsumer modern = scenario.join(consumerProtocolProps(bootstrap, group));
            scenario.produce("b");
            scenario.awaitSettled(classic1, classic2, modern);
            scenario.awaitReceived();
            await().atMost(WAIT).untilAsserted(() -> {
                ConsumerGroupDescription d = described(admin, group);
                assertEquals(GroupType.CONSUMER, d.type(), "upgraded by the consumer-protocol member");
                assertEquals(GroupState.STABLE, d.groupState());
                assertEquals(3, d.members().size());
                assertTwoClassicMembersAndOneOfTheConsumerProtocol(d);
                int assigned = d.members().stream()
                        .mapToInt(m -> m.assignment().topicPartitions().size())
                        .sum();
                assertEquals(PARTITIONS, assigned);
                for (MemberDescription m : d.members()) {
                    assertEquals(2, m.assignment().topicPartitions().size(), "uniform spread: " + d);
                }
            });
            assertEquals(GroupType.CONSUMER, listed(admin, group).type().orElseThrow());

            consumers.stop(modern);
            scenario.produce("c");
            scenario.awaitSettled(classic1, classic2);
            scenario.awaitReceived();
            await().atMost(WAIT).untilAsserted(() -> {
                ConsumerGroupDescription d = described(admin, group);
                assertEquals(GroupType.CLASSIC, d.type(), "downgraded when the last consumer-protocol member left");
                assertEquals(GroupState.STABLE, d.groupState());
                assertEquals(2, d.members().size());
                assertEquals(assignor, d.partitionAssignor());
            });
            assertEquals(GroupType.CLASSIC, listed(admin, group).type().orElseThrow());
            assertEquals("consumer", listed(admin, group).protocol());

            scenario.produce("d");
            scenario.awaitReceived();
        }
        scenario.assertEachReceivedOnce();
    }

    /** Leaves nothing behind in the shared Kafka (the differential tests list its groups), once the members left. */
    private static void deleteGroupAndTopic(String bootstrap, String group, String topic) {
        try (Admin admin = admin(bootstrap)) {
            await().atMost(WAIT)
                    .ignoreExceptions()
                    .untilAsserted(() ->
                            admin.deleteConsumerGroups(List.of(group)).all().get());
            admin.deleteTopics(List.of(topic)).all().get();
        } catch (Exception e) {
            throw new IllegalStateException("cleanup of " + group, e);
        }
    }

    private static String assignorClass(String assignor) {
        return assignor.equals("range") ? RangeAssignor.class.getName() : CooperativeStickyAssignor.class.getName();
    }
}
