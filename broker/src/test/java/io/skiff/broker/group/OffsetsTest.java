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
package io.skiff.broker.group;

import static io.skiff.broker.group.CoordinatorFixture.protocols;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.coordinator.InMemoryRecordLog;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.MemberIdentity;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.offsets.OffsetDeleteResult;
import io.skiff.broker.group.offsets.OffsetFetchResult;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OffsetsTest {
    private static final String G = "g1";
    private static final TopicPartition T0 = new TopicPartition("t", 0);
    private static final TopicPartition T1 = new TopicPartition("t", 1);
    private static final TopicPartition U0 = new TopicPartition("u", 0);

    private final CoordinatorFixture f = new CoordinatorFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private static OffsetAndMetadata om(long offset, String metadata) {
        return OffsetAndMetadata.of(offset, 3, metadata, 1_000L);
    }

    @Test
    void memberCommitsAndFetches() {
        JoinResult a = f.joinAlone(G);
        var r = f.coordinator
                .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(42, "meta"), T1, om(7, "")), true)
                .join();
        assertEquals(Map.of(T0, GroupError.NONE, T1, GroupError.NONE), r);

        OffsetFetchResult fetched = f.coordinator.fetchOffsets(G, List.of(T0, U0), false);
        assertEquals(GroupError.NONE, fetched.error());
        assertEquals(42, fetched.partitions().get(T0).offset().offset());
        assertEquals("meta", fetched.partitions().get(T0).offset().metadata());
        assertEquals(3, fetched.partitions().get(T0).offset().leaderEpoch());
        assertNull(fetched.partitions().get(U0).offset(), "never committed");
        assertEquals(
                Set.of(T0, T1),
                f.coordinator.fetchOffsets(G, null, false).partitions().keySet());
    }

    @Test
    void aDeletedTopicsOffsetsGoFromEveryGroupButTheGroupsStay() {
        JoinResult a = f.joinAlone(G);
        f.coordinator
                .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(42, ""), T1, om(7, ""), U0, om(1, "")), true)
                .join();

        assertEquals(2, f.coordinator.deleteOffsetsOfTopic("t"));

        assertEquals(
                Set.of(U0),
                f.coordinator.fetchOffsets(G, null, false).partitions().keySet());
        assertEquals(GroupError.NONE, f.coordinator.fetchOffsets(G, null, false).error());
        assertEquals(0, f.coordinator.deleteOffsetsOfTopic("t"), "nothing left to delete");
    }

    @Test
    void commitValidation() {
        JoinResult a = f.joinAlone(G);
        assertEquals(
                GroupError.ILLEGAL_GENERATION,
                f.coordinator
                        .commitOffsets(G, a.memberId(), null, 9, Map.of(T0, om(1, "")), true)
                        .join()
                        .get(T0));
        assertEquals(
                GroupError.UNKNOWN_MEMBER_ID,
                f.coordinator
                        .commitOffsets(G, "who", null, 1, Map.of(T0, om(1, "")), true)
                        .join()
                        .get(T0));
        assertEquals(
                GroupError.UNKNOWN_MEMBER_ID,
                f.coordinator
                        .commitOffsets(G, "", null, -1, Map.of(T0, om(1, "")), true)
                        .join()
                        .get(T0),
                "a simple commit is refused while the group has members");
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND,
                f.coordinator
                        .commitOffsets("nope", "m", null, 3, Map.of(T0, om(1, "")), true)
                        .join()
                        .get(T0));
        assertEquals(
                GroupError.ILLEGAL_GENERATION,
                f.coordinator
                        .commitOffsets("nope", "m", null, 3, Map.of(T0, om(1, "")), false)
                        .join()
                        .get(T0));
        String big = "x".repeat(f.config.offsetMetadataMaxBytes() + 1);
        var mixed = f.coordinator
                .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(1, big), T1, om(2, "")), true)
                .join();
        assertEquals(GroupError.OFFSET_METADATA_TOO_LARGE, mixed.get(T0));
        assertEquals(GroupError.NONE, mixed.get(T1));
    }

    @Test
    void commitDuringCompletingRebalanceAsksToRejoin() {
        CompletableFuture<JoinResult> j = f.joinNew(G, protocols("range"));
        f.scheduler.runDue();
        JoinResult a = j.join();
        assertEquals(
                GroupError.REBALANCE_IN_PROGRESS,
                f.coordinator
                        .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(1, "")), true)
                        .join()
                        .get(T0));
    }

    @Test
    void simpleCommitCreatesEmptyGroup() {
        assertEquals(
                GroupError.NONE,
                f.coordinator
                        .commitOffsets("simple", "", null, -1, Map.of(T0, om(5, "")), true)
                        .join()
                        .get(T0));
        assertEquals("Empty", f.coordinator.describeGroup("simple").state());
        assertEquals(
                5,
                f.coordinator
                        .fetchOffsets("simple", List.of(T0), true)
                        .partitions()
                        .get(T0)
                        .offset()
                        .offset());
    }

    @Test
    void offsetsAndGroupSurviveRestartAsEmptyGroup() {
        JoinResult a = f.joinAlone(G);
        f.coordinator
                .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(42, "m"), T1, om(8, "")), true)
                .join();
        f.coordinator
                .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(43, "m2")), true)
                .join();
        f.restart();

        GroupDescription d = f.coordinator.describeGroup(G);
        assertEquals("Empty", d.state());
        assertEquals("consumer", d.protocolType());
        assertTrue(d.members().isEmpty());
        OffsetFetchResult r = f.coordinator.fetchOffsets(G, null, false);
        assertEquals(43, r.partitions().get(T0).offset().offset());
        assertEquals("m2", r.partitions().get(T0).offset().metadata());
        assertEquals(8, r.partitions().get(T1).offset().offset());

        // the next generation continues from the stored one
        CompletableFuture<JoinResult> j = f.joinNew(G, protocols("range"));
        f.scheduler.runDue();
        assertEquals(2, j.join().generationId());
    }

    @Test
    void failedAppendIsNotAcknowledgedNorApplied() {
        f.log.failAppends = true;
        assertEquals(
                GroupError.COORDINATOR_NOT_AVAILABLE,
                f.coordinator
                        .commitOffsets("s", "", null, -1, Map.of(T0, om(5, "")), true)
                        .join()
                        .get(T0));
        assertNull(f.coordinator
                .fetchOffsets("s", List.of(T0), false)
                .partitions()
                .get(T0)
                .offset());
    }

    @Test
    void transactionalOffsetsArePendingOnceWrittenAcrossRestartsUntilTheirMarker() {
        long producerId = 9L;
        f.log.failAppends = true;
        assertEquals(Map.of(T0, GroupError.COORDINATOR_NOT_AVAILABLE), commitInTransaction("s", producerId, 5));
        assertEquals(GroupError.NONE, stableFetch("s").error(), "a failed write leaves nothing pending");
        f.log.failAppends = false;
        assertEquals(Map.of(T0, GroupError.NONE), commitInTransaction("s", producerId, 5));
        f.restart();
        assertEquals(GroupError.UNSTABLE_OFFSET_COMMIT, stableFetch("s").error(), "pending again after a restart");
        int partition = f.coordinator.partitionFor("s");
        f.log.marker(partition, producerId, true);
        f.coordinator.completeTransaction(producerId, partition, true);
        assertEquals(5, stableFetch("s").offset().offset());
        f.restart();
        assertEquals(5, stableFetch("s").offset().offset(), "committed by the marker in the log");
    }

    private Map<TopicPartition, GroupError> commitInTransaction(String group, long producerId, long offset) {
        return f.coordinator
                .commitTransactionalOffsets(group, producerId, (short) 0, "", null, -1, Map.of(T0, om(offset, "")))
                .join();
    }

    /** The group's offset of T0 as a require_stable OffsetFetch answers it. */
    private OffsetFetchResult.PartitionResult stableFetch(String group) {
        return f.coordinator.fetchOffsets(group, List.of(T0), true).partitions().get(T0);
    }

    @Test
    void commitIsAcknowledgedOnlyAfterAppendAndRequireStableSeesIt() {
        ArrayDeque<Runnable> writerQueue = new ArrayDeque<>();
        Executor heldWriter = writerQueue::add;
        try (GroupCoordinator c = new GroupCoordinator(f.config, f.log, f.scheduler, f.scheduler.clock, heldWriter)) {
            CompletableFuture<Map<TopicPartition, GroupError>> commit =
                    c.commitOffsets("s", "", null, -1, Map.of(T0, om(5, "")), true);
            assertFalse(commit.isDone(), "not acknowledged before the append");
            assertEquals(
                    GroupError.UNSTABLE_OFFSET_COMMIT,
                    c.fetchOffsets("s", List.of(T0), true).partitions().get(T0).error());
            assertNull(
                    c.fetchOffsets("s", List.of(T0), false).partitions().get(T0).offset());
            writerQueue.poll().run();
            assertEquals(GroupError.NONE, commit.join().get(T0));
            assertEquals(
                    5,
                    c.fetchOffsets("s", List.of(T0), true)
                            .partitions()
                            .get(T0)
                            .offset()
                            .offset());
        }
    }

    @Test
    void deleteGroups() {
        JoinResult a = f.joinAlone(G);
        f.coordinator
                .commitOffsets("simple", "", null, -1, Map.of(T0, om(5, "")), true)
                .join();
        Map<String, GroupError> r =
                f.coordinator.deleteGroups(List.of(G, "simple", "missing")).join();
        assertEquals(GroupError.NON_EMPTY_GROUP, r.get(G));
        assertEquals(GroupError.NONE, r.get("simple"));
        assertEquals(GroupError.GROUP_ID_NOT_FOUND, r.get("missing"));
        assertEquals("Dead", f.coordinator.describeGroup("simple").state());
        assertNull(f.coordinator
                .fetchOffsets("simple", List.of(T0), false)
                .partitions()
                .get(T0)
                .offset());

        f.coordinator.leaveGroup(G, List.of(new MemberIdentity(a.memberId(), null, null)));
        assertEquals(
                GroupError.NONE, f.coordinator.deleteGroups(List.of(G)).join().get(G));
        f.restart();
        assertTrue(f.coordinator.listGroups(Set.of(), Set.of()).isEmpty(), "tombstones survive the restart");
    }

    @Test
    void offsetDeleteRespectsSubscriptions() {
        JoinResult a = f.joinAlone(G); // subscribed to topic "t"
        f.coordinator
                .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(1, ""), U0, om(2, "")), true)
                .join();
        OffsetDeleteResult r = f.coordinator.deleteOffsets(G, List.of(T0, U0)).join();
        assertEquals(GroupError.NONE, r.error());
        assertEquals(GroupError.GROUP_SUBSCRIBED_TO_TOPIC, r.partitions().get(T0));
        assertEquals(GroupError.NONE, r.partitions().get(U0));
        assertEquals(
                Set.of(T0),
                f.coordinator.fetchOffsets(G, null, false).partitions().keySet());
        assertEquals(
                GroupError.GROUP_ID_NOT_FOUND,
                f.coordinator.deleteOffsets("none", List.of(T0)).join().error());

        f.restart();
        assertEquals(
                Set.of(T0),
                f.coordinator.fetchOffsets(G, null, false).partitions().keySet());
        assertEquals(
                GroupError.NONE,
                f.coordinator.deleteOffsets(G, List.of(T0)).join().partitions().get(T0));
        // as Kafka 4.4: the group stays until the next expiry run (kafka-consumer-groups --delete still finds it)
        assertEquals("Empty", f.coordinator.describeGroup(G).state(), "OffsetDelete writes only offset tombstones");
        f.coordinator.expireOffsets();
        assertEquals("Dead", f.coordinator.describeGroup(G).state(), "an empty group without offsets then goes");
    }

    @Test
    void offsetsOfEmptyGroupExpireAfterRetention() {
        long retention = 60_000;
        try (CoordinatorFixture e = new CoordinatorFixture(
                GroupCoordinatorConfig.defaults().withOffsetsRetention(retention, 10_000), new InMemoryRecordLog(2))) {
            JoinResult a = e.joinAlone(G);
            e.coordinator
                    .commitOffsets(G, a.memberId(), null, 1, Map.of(T0, om(1, "")), true)
                    .join();
            for (long t = 0; t < retention * 2; t += CoordinatorFixture.SESSION_MS / 2) {
                e.scheduler.advance(CoordinatorFixture.SESSION_MS / 2);
                assertEquals(GroupError.NONE, e.coordinator.heartbeat(G, a.memberId(), null, 1));
            }
            assertEquals(0, e.coordinator.expireOffsets(), "a stable group keeps offsets of topics it consumes");
            e.scheduler.advance(CoordinatorFixture.SESSION_MS);
            assertEquals("Empty", e.coordinator.describeGroup(G).state(), "no heartbeats: the member expired");
            assertEquals(0, e.coordinator.expireOffsets(), "empty for less than the retention");
            e.coordinator
                    .commitOffsets("simple", "", null, -1, Map.of(U0, om(2, "")), true)
                    .join();

            e.scheduler.advance(retention);
            assertEquals(2, e.coordinator.expireOffsets());
            assertTrue(e.coordinator.listGroups(Set.of(), Set.of()).isEmpty());
            e.restart();
            assertTrue(e.coordinator.listGroups(Set.of(), Set.of()).isEmpty());
        }
    }

    @Test
    void periodicExpiryRuns() {
        long retention = 60_000;
        try (CoordinatorFixture e = new CoordinatorFixture(
                GroupCoordinatorConfig.defaults().withOffsetsRetention(retention, 10_000), new InMemoryRecordLog(2))) {
            e.coordinator.startOffsetExpiry();
            e.coordinator
                    .commitOffsets("simple", "", null, -1, Map.of(U0, om(2, "")), true)
                    .join();
            e.scheduler.advance(retention - 10_000);
            assertEquals(1, e.coordinator.listGroups(Set.of(), Set.of()).size());
            e.scheduler.advance(20_000);
            assertTrue(e.coordinator.listGroups(Set.of(), Set.of()).isEmpty());
        }
    }
}
