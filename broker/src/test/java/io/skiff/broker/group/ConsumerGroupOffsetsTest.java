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

import static io.skiff.broker.group.ConsumerGroupFixture.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Offsets of consumer groups (OffsetCommit/OffsetFetch v9 member epochs), listing by type, and the
 * conversion of empty groups between the classic and consumer protocols, with their offsets kept.
 */
class ConsumerGroupOffsetsTest {
    private static final String G = "g";
    private static final TopicPartition T0 = new TopicPartition("t", 0);

    private final ConsumerGroupFixture f = new ConsumerGroupFixture();

    @AfterEach
    void close() {
        f.close();
    }

    /** The offset committed for t-0, fetched as an admin does (no member). */
    private long committedOffset() {
        return f.coordinator
                .fetchOffsets(G, null, false)
                .partitions()
                .get(T0)
                .offset()
                .offset();
    }

    /** The offset committed for t-0, fetched by a member at {@code memberEpoch}. */
    private long committedOffset(String memberId, int memberEpoch) {
        return f.coordinator
                .fetchOffsets(G, memberId, memberEpoch, null, false)
                .partitions()
                .get(T0)
                .offset()
                .offset();
    }

    private static OffsetAndMetadata om(long offset) {
        return new OffsetAndMetadata(offset, -1, "", -1L, OffsetAndMetadata.NO_EXPIRE_TIMESTAMP);
    }

    @Test
    void membersCommitWithTheirCurrentEpoch() {
        f.topics.create("t", 2);
        ok(f.join(G, "m1", null, null, "t"));
        assertEquals(
                GroupError.NONE,
                f.coordinator
                        .commitOffsets(G, "m1", null, 2, Map.of(T0, om(5)), true)
                        .join()
                        .get(T0));
        assertEquals(
                GroupError.STALE_MEMBER_EPOCH,
                f.coordinator
                        .commitOffsets(G, "m1", null, 0, Map.of(T0, om(6)), true)
                        .join()
                        .get(T0));
        assertEquals(
                GroupError.UNSUPPORTED_VERSION,
                f.coordinator
                        .commitOffsets(G, "m1", null, 2, Map.of(T0, om(6)), false)
                        .join()
                        .get(T0),
                "consumer-protocol members commit with OffsetCommit v9+");
        assertEquals(
                GroupError.UNKNOWN_MEMBER_ID,
                f.coordinator
                        .commitOffsets(G, "", null, -1, Map.of(T0, om(6)), true)
                        .join()
                        .get(T0),
                "only members commit while the group has members");
        assertEquals(
                GroupError.STALE_MEMBER_EPOCH,
                f.coordinator.fetchOffsets(G, "m1", 0, null, false).error());
        assertEquals(5, committedOffset("m1", 2));
    }

    private Map<TopicPartition, GroupError> commit(
            String memberId, int memberEpoch, Map<TopicPartition, Long> offsets) {
        Map<TopicPartition, OffsetAndMetadata> toCommit = new java.util.LinkedHashMap<>();
        offsets.forEach((tp, offset) -> toCommit.put(tp, om(offset)));
        return f.coordinator
                .commitOffsets(G, memberId, null, memberEpoch, toCommit, true)
                .join();
    }

    /** m1 was given t-0 and t-1 at epoch 2, then t-2 at epoch 3 when t grew. */
    private void memberGivenPartitionsAtTwoEpochs() {
        f.topics.create("t", 2);
        f.topics.create("u", 1);
        assertEquals(2, ok(f.join(G, "m1", null, null, "t")).memberEpoch());
        f.topics.grow("t", 3);
        assertEquals(3, ok(f.heartbeat(G, "m1", 2, null)).memberEpoch());
    }

    @Test
    void anOlderEpochCommitsThePartitionsTheMemberHeldSinceThen() {
        memberGivenPartitionsAtTwoEpochs();
        TopicPartition t2 = new TopicPartition("t", 2);
        // a consumer that commits on close while its epoch bump is in flight
        assertEquals(Map.of(T0, GroupError.NONE), commit("m1", 2, Map.of(T0, 5L)));
        assertEquals(Map.of(t2, GroupError.STALE_MEMBER_EPOCH), commit("m1", 2, Map.of(t2, 1L)), "given at epoch 3");
        assertEquals(
                Map.of(new TopicPartition("u", 0), GroupError.STALE_MEMBER_EPOCH),
                commit("m1", 2, Map.of(new TopicPartition("u", 0), 1L)),
                "not the member's");
        assertEquals(
                Map.of(T0, GroupError.STALE_MEMBER_EPOCH, t2, GroupError.STALE_MEMBER_EPOCH),
                commit("m1", 2, Map.of(T0, 6L, t2, 1L)),
                "one refused partition refuses the whole commit, as in Kafka");
        assertEquals(5, committedOffset("m1", 3));
        assertEquals(Map.of(T0, GroupError.STALE_MEMBER_EPOCH), commit("m1", 4, Map.of(T0, 6L)), "a newer epoch");

        f.restart(); // the epochs the partitions were given at come back from the records
        assertEquals(Map.of(T0, GroupError.NONE), commit("m1", 2, Map.of(T0, 7L)));
        assertEquals(Map.of(t2, GroupError.STALE_MEMBER_EPOCH), commit("m1", 2, Map.of(t2, 1L)));
        assertEquals(7, committedOffset("m1", 3));
    }

    @Test
    void consumerProtocolMembersCommitInTransactionsAtTheirEpochOrAnOlderOne() {
        memberGivenPartitionsAtTwoEpochs();
        TopicPartition t2 = new TopicPartition("t", 2);
        assertEquals(
                Map.of(t2, GroupError.NONE),
                f.coordinator
                        .commitTransactionalOffsets(G, 7L, (short) 0, "m1", null, 3, Map.of(t2, om(1)))
                        .join(),
                "no OffsetCommit version rule for TxnOffsetCommit");
        assertEquals(
                Map.of(T0, GroupError.NONE),
                f.coordinator
                        .commitTransactionalOffsets(G, 7L, (short) 0, "m1", null, 2, Map.of(T0, om(4)))
                        .join());
        assertEquals(
                Map.of(t2, GroupError.STALE_MEMBER_EPOCH),
                f.coordinator
                        .commitTransactionalOffsets(G, 7L, (short) 0, "m1", null, 2, Map.of(t2, om(2)))
                        .join());
    }

    @Test
    void offsetsSurviveConversionsOfEmptyGroups() {
        f.topics.create("t", 2);
        // an offsets-only (classic) group becomes a consumer group when a consumer-protocol member joins
        f.coordinator.commitOffsets(G, "", null, -1, Map.of(T0, om(11)), true).join();
        ok(f.join(G, "m1", null, null, "t"));
        assertEquals(
                List.of(new GroupOverview(G, "consumer", "Stable", "consumer")),
                f.coordinator.listGroups(Set.of(), Set.of("consumer")));
        assertEquals(List.of(), f.coordinator.listGroups(Set.of(), Set.of("classic")));
        assertEquals(11, committedOffset("m1", 2));
        ok(f.leave(G, "m1", null, -1));

        // the empty consumer group becomes a classic group when a classic member joins
        var join =
                f.coordinator.joinGroup(CoordinatorFixture.params(G, "", null, CoordinatorFixture.protocols("range")));
        assertEquals(GroupError.MEMBER_ID_REQUIRED, join.join().error());
        assertEquals(
                "classic", f.coordinator.listGroups(Set.of(), Set.of()).get(0).groupType());
        assertEquals(11, committedOffset());

        f.restart();
        assertEquals(11, committedOffset());
    }

    @Test
    void aConsumerGroupWithMembersServesClassicMembersAndIsNotDeleted() {
        f.topics.create("t", 2);
        ok(f.join(G, "m1", null, null, "t"));
        var join =
                f.coordinator.joinGroup(CoordinatorFixture.params(G, "", null, CoordinatorFixture.protocols("range")));
        assertEquals(GroupError.MEMBER_ID_REQUIRED, join.join().error(), "a classic member joins as in Kafka 4.1");
        var other = f.coordinator.joinGroup(new JoinGroupParams(
                G,
                "",
                null,
                true,
                true,
                "c",
                "/h",
                30_000,
                10_000,
                "connect",
                CoordinatorFixture.protocols("range"),
                null));
        assertEquals(GroupError.INCONSISTENT_GROUP_PROTOCOL, other.join().error(), "only the consumer protocol type");
        assertEquals(
                GroupError.NON_EMPTY_GROUP,
                f.coordinator.deleteGroups(List.of(G)).join().get(G));
    }
}
