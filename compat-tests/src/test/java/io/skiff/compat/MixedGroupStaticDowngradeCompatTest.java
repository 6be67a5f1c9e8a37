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

import static io.skiff.compat.GroupCompatSupport.asStatic;
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
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A consumer group of static members, one of the consumer protocol ({@code group.protocol=consumer}) and two
 * classic ones, whose consumer-protocol member is replaced by a classic consumer with the same group.instance.id,
 * run against Skiff and against a real Kafka 4.1 with the same expectations (Kafka's behaviour is the spec): the
 * group becomes a classic group at once (Kafka's downgrade on a static member's replacement), Stable, with the
 * classic protocol's assignor name, the new member holding the replaced member's partitions; the other members go
 * on without a rebalance (same generation, nothing revoked); with commitSync after every poll no record is lost or
 * delivered twice.
 */
@Skiff
class MixedGroupStaticDowngradeCompatTest {
    private static final int PARTITIONS = 6;
    private static final Duration WAIT = Duration.ofSeconds(120);

    private static SkiffServer server;

    @RegisterExtension
    final GroupConsumers consumers = new GroupConsumers();

    @ParameterizedTest
    @ValueSource(strings = {"skiff", "kafka"})
    void aClassicStaticMemberReplacingTheLastConsumerProtocolStaticMemberDowngradesTheGroup(String target)
            throws Exception {
        String bootstrap = GroupCompatSupport.bootstrapOf(target, server);
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String topic = "static-downgrade-" + suffix;
        String group = "static-downgrade-group-" + suffix;
        GroupScenario scenario = new GroupScenario(bootstrap, topic, PARTITIONS, WAIT, consumers);
        consumers.cleanup(() -> removeMembersThenDelete(bootstrap, group, topic));
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            scenario.createTopicAndProduce(admin, "a");

            GroupConsumer modern = scenario.join(asStatic(consumerProtocolProps(bootstrap, group), "instance-m"));
            await().atMost(WAIT).until(() -> modern.assignment().size() == PARTITIONS);
            GroupConsumer classic1 = scenario.join(staticClassicProps(bootstrap, group, "instance-c1"));
            GroupConsumer classic2 = scenario.join(staticClassicProps(bootstrap, group, "instance-c2"));
            scenario.awaitSettled(modern, classic1, classic2);
            scenario.awaitReceived();
            await().atMost(WAIT).untilAsserted(() -> {
                ConsumerGroupDescription d = described(admin, group);
                assertEquals(GroupType.CONSUMER, d.type());
                assertEquals(GroupState.STABLE, d.groupState());
                assertTwoClassicMembersAndOneOfTheConsumerProtocol(d);
            });
            Set<TopicPartition> ofModern = modern.assignment();
            Map<GroupConsumer, Integer> generations =
                    Map.of(classic1, classic1.generation(), classic2, classic2.generation());
            Map<GroupConsumer, Integer> revocations =
                    Map.of(classic1, classic1.revocations(), classic2, classic2.revocations());
            Map<GroupConsumer, Set<TopicPartition>> assignments =
                    Map.of(classic1, classic1.assignment(), classic2, classic2.assignment());

            consumers.stop(modern); // a static member's close(): it keeps its place (and partitions) in the group
            scenario.produce("b");
            assertEquals(GroupType.CONSUMER, listed(admin, group).type().orElseThrow());

            GroupConsumer replacement = scenario.join(staticClassicProps(bootstrap, group, "instance-m"));
            scenario.awaitSettled(classic1, classic2, replacement);
            scenario.awaitReceived();
            assertEquals(ofModern, replacement.assignment(), "the replaced member's partitions");
            await().atMost(WAIT).untilAsserted(() -> {
                ConsumerGroupDescription d = described(admin, group);
                assertEquals(GroupType.CLASSIC, d.type(), "downgraded by the replacement");
                assertEquals(GroupState.STABLE, d.groupState());
                assertEquals("range", d.partitionAssignor());
                assertEquals(
                        Set.of("instance-c1", "instance-c2", "instance-m"),
                        d.members().stream()
                                .map(m -> m.groupInstanceId().orElseThrow())
                                .collect(Collectors.toSet()));
                MemberDescription m = d.members().stream()
                        .filter(x -> x.groupInstanceId().orElseThrow().equals("instance-m"))
                        .findFirst()
                        .orElseThrow();
                assertEquals(ofModern, m.assignment().topicPartitions());
            });
            GroupListing listing = listed(admin, group);
            assertEquals(GroupType.CLASSIC, listing.type().orElseThrow());
            assertEquals("consumer", listing.protocol());
            assertEquals(GroupState.STABLE, listing.groupState().orElseThrow());
            for (GroupConsumer c : List.of(classic1, classic2)) {
                assertEquals(assignments.get(c), c.assignment(), "the other members keep their partitions");
                assertEquals(revocations.get(c), c.revocations(), "no rebalance reached the other members");
                assertEquals(generations.get(c), c.generation(), "no new generation");
            }
            assertEquals(generations.get(classic1), replacement.generation(), "it joined that generation");

            scenario.produce("c");
            scenario.awaitReceived();
        }
        scenario.assertEachReceivedOnce();
    }

    /** A classic static member {@code instanceId} with the range assignor. */
    private static Properties staticClassicProps(String bootstrap, String group, String instanceId) {
        return asStatic(classicProps(bootstrap, group, RangeAssignor.class.getName()), instanceId);
    }

    /**
     * Static classic members do not leave on close(): they are removed by instance id (Admin's
     * removeMembersFromConsumerGroup), then the group and topic are deleted, so the shared Kafka keeps nothing.
     */
    private static void removeMembersThenDelete(String bootstrap, String group, String topic) {
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            await().atMost(WAIT).ignoreExceptions().untilAsserted(() -> {
                if (!described(admin, group).members().isEmpty()) {
                    admin.removeMembersFromConsumerGroup(group, new RemoveMembersFromConsumerGroupOptions())
                            .all()
                            .get();
                }
                admin.deleteConsumerGroups(List.of(group)).all().get();
            });
            admin.deleteTopics(List.of(topic)).all().get();
        } catch (Exception e) {
            throw new IllegalStateException("cleanup of " + group, e);
        }
    }
}
