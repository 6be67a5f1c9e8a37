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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.GroupCompatSupport.GroupConsumer;
import io.skiff.compat.GroupCompatSupport.Stop;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.ListConsumerGroupsOptions;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.GroupSubscribedToTopicException;
import org.apache.kafka.common.errors.UnknownMemberIdException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Admin client's consumer-group operations against Skiff: list (with a state filter), describe,
 * delete, and list / alter / delete committed offsets, including the errors Kafka gives for groups with
 * members (NON_EMPTY_GROUP, GROUP_SUBSCRIBED_TO_TOPIC, UNKNOWN_MEMBER_ID) and unknown groups.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = GroupCompatSupport.MIN_SESSION_TIMEOUT)
class GroupAdminCompatTest {
    private static final String TOPIC = "admin-topic";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    /** Filled by the extension: a broker per test. */
    private SkiffServer server;

    private Admin admin;
    private GroupConsumer active;

    @BeforeEach
    void start() {
        server.createTopic(TOPIC, 2);
        GroupCompatSupport.produce(server, TOPIC, 2, "r", 20);
        admin = GroupCompatSupport.admin(server);
        active = new GroupConsumer(
                GroupCompatSupport.consumerProps(server, "active", RangeAssignor.class.getName()),
                TOPIC,
                new ConcurrentLinkedQueue<>());
        await().atMost(Duration.ofSeconds(60)).until(() -> active.assignment().size() == 2);
    }

    @AfterEach
    void stop() throws InterruptedException {
        active.stop(Stop.LEAVE);
        admin.close();
    }

    @Test
    void listDescribeAndDeleteGroupsAndOffsets() throws Exception {
        admin.alterConsumerGroupOffsets(
                        "offline", Map.of(P0, new OffsetAndMetadata(5, "five"), P1, new OffsetAndMetadata(7)))
                .all()
                .get();
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets("offline")
                .partitionsToOffsetAndMetadata()
                .get();
        assertEquals(5, offsets.get(P0).offset());
        assertEquals("five", offsets.get(P0).metadata());
        assertEquals(7, offsets.get(P1).offset());

        Map<String, ConsumerGroupListing> listed = admin.listConsumerGroups().all().get().stream()
                .collect(Collectors.toMap(ConsumerGroupListing::groupId, l -> l));
        assertEquals(Set.of("active", "offline"), listed.keySet());
        assertEquals(GroupState.STABLE, listed.get("active").groupState().orElseThrow());
        assertEquals(GroupState.EMPTY, listed.get("offline").groupState().orElseThrow());
        assertEquals(GroupType.CLASSIC, listed.get("active").type().orElseThrow());
        assertEquals(
                Set.of("offline"),
                admin
                        .listConsumerGroups(new ListConsumerGroupsOptions().inGroupStates(Set.of(GroupState.EMPTY)))
                        .all()
                        .get()
                        .stream()
                        .map(ConsumerGroupListing::groupId)
                        .collect(Collectors.toSet()));

        Map<String, ConsumerGroupDescription> described =
                admin.describeConsumerGroups(List.of("active", "offline")).all().get();
        ConsumerGroupDescription a = described.get("active");
        assertEquals(GroupState.STABLE, a.groupState());
        assertEquals("range", a.partitionAssignor());
        assertEquals(1, a.members().size());
        assertEquals(Set.of(P0, P1), a.members().iterator().next().assignment().topicPartitions());
        assertEquals(server.nodeId(), a.coordinator().id());
        assertEquals(GroupState.EMPTY, described.get("offline").groupState());
        assertTrue(described.get("offline").members().isEmpty());

        // groups with members refuse what would break them
        ExecutionException alterActive = assertThrows(
                ExecutionException.class,
                () -> admin.alterConsumerGroupOffsets("active", Map.of(P0, new OffsetAndMetadata(1)))
                        .all()
                        .get());
        assertInstanceOf(UnknownMemberIdException.class, alterActive.getCause());
        ExecutionException deleteSubscribed = assertThrows(
                ExecutionException.class,
                () -> admin.deleteConsumerGroupOffsets("active", Set.of(P0))
                        .all()
                        .get());
        assertInstanceOf(GroupSubscribedToTopicException.class, deleteSubscribed.getCause());
        ExecutionException deleteActive = assertThrows(
                ExecutionException.class,
                () -> admin.deleteConsumerGroups(List.of("active")).all().get());
        assertInstanceOf(GroupNotEmptyException.class, deleteActive.getCause());

        admin.deleteConsumerGroupOffsets("offline", Set.of(P0)).all().get();
        assertEquals(
                Set.of(P1),
                admin.listConsumerGroupOffsets("offline")
                        .partitionsToOffsetAndMetadata()
                        .get()
                        .keySet());

        admin.deleteConsumerGroups(List.of("offline")).all().get();
        assertEquals(
                Set.of("active"),
                admin.listConsumerGroups().all().get().stream()
                        .map(ConsumerGroupListing::groupId)
                        .collect(Collectors.toSet()));
        ExecutionException deleteMissing = assertThrows(
                ExecutionException.class,
                () -> admin.deleteConsumerGroups(List.of("offline")).all().get());
        assertInstanceOf(GroupIdNotFoundException.class, deleteMissing.getCause());
    }
}
