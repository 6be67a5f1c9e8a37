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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.common.GroupMetadataSnapshot;
import io.skiff.broker.group.common.GroupRecord;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.consumer.ConsumerGroupMember;
import io.skiff.broker.group.consumer.ConsumerGroupRecords;
import io.skiff.broker.group.consumer.MemberAssignment;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class GroupRecordCodecTest {

    @Test
    void offsetCommitKeyAndValueUseKafkaLayouts() {
        byte[] key = GroupRecordCodec.offsetKey("g", new TopicPartition("t", 1));
        assertEquals("0001000167000174" + "00000001", HexFormat.of().formatHex(key));

        byte[] value = GroupRecordCodec.offsetValue(OffsetAndMetadata.of(5, 2, "m", 9));
        assertEquals(
                "0003" + "0000000000000005" + "00000002" + "00016d" + "0000000000000009",
                HexFormat.of().formatHex(value));
    }

    @Test
    void groupMetadataKeepsTheLayoutEarlierVersionsWrote() {
        var member =
                new GroupMetadataSnapshot.Member("m", null, "c", "/h", 300, 100, new byte[] {1}, new byte[] {2, 3});
        var snapshot = new GroupMetadataSnapshot("consumer", 4, "range", "m", 7, List.of(member));
        assertEquals("000200016" + "7", HexFormat.of().formatHex(GroupRecordCodec.groupKey("g")));
        assertEquals(
                "0003" + "0008" + HexFormat.of().formatHex("consumer".getBytes()) + "00000004" + "0005"
                        + HexFormat.of().formatHex("range".getBytes()) + "0001" + "6d" + "0000000000000007"
                        + "00000001" // one member
                        + "00016d" + "ffff" + "000163" + "00022f68" + "0000012c" + "00000064" + "0000000101"
                        + "000000020203",
                HexFormat.of().formatHex(GroupRecordCodec.groupValue(snapshot)));
    }

    @Test
    void consumerGroupRecordsUseKafkasFlexibleLayouts() {
        var epoch = ConsumerGroupRecords.groupMetadata("g", 5);
        assertEquals("0003" + "000167", HexFormat.of().formatHex(epoch.key()));
        assertEquals("0000" + "00000005" + "00", HexFormat.of().formatHex(epoch.value()));
        var decoded = (GroupRecord.ConsumerGroupEpoch)
                GroupRecordCodec.decode(ByteBuffer.wrap(epoch.key()), ByteBuffer.wrap(epoch.value()))
                        .orElseThrow();
        assertEquals(5, decoded.value().epoch());

        ConsumerGroupMember m = new ConsumerGroupMember("m1");
        m.restoreEpochs(3, 2);
        var topic = new java.util.UUID(1, 2);
        m.reconciled(
                ConsumerGroupMember.State.UNREVOKED_PARTITIONS,
                new MemberAssignment(java.util.Map.of(topic, java.util.Set.of(0))),
                new MemberAssignment(java.util.Map.of(topic, java.util.Set.of(1))));
        var current = ConsumerGroupRecords.currentAssignment("g", m);
        assertEquals("0008" + "000167" + "00026d31", HexFormat.of().formatHex(current.key()));
        var back = (GroupRecord.CurrentMemberAssignment)
                GroupRecordCodec.decode(ByteBuffer.wrap(current.key()), ByteBuffer.wrap(current.value()))
                        .orElseThrow();
        assertEquals("m1", back.memberId());
        assertEquals(3, back.value().memberEpoch());
        assertEquals(2, back.value().previousMemberEpoch());
        assertEquals(1, back.value().state());
        assertEquals(
                java.util.List.of(3),
                back.value().assignedPartitions().get(0).assignmentEpochs(),
                "the epoch the partition was given at, a tagged field");
        assertEquals(
                m.assignedEpochs(), ConsumerGroupRecords.assignment(back.value().assignedPartitions(), 3));
        assertEquals(
                m.pendingRevocationEpochs(),
                ConsumerGroupRecords.assignment(back.value().partitionsPendingRevocation(), 3));
    }

    @Test
    void offsetRecordsRoundTripIncludingTombstonesAndExpiry() {
        var tp = new TopicPartition("topic", 7);
        var withExpiry = new OffsetAndMetadata(10, -1, "", 100, 200);
        var decoded = (GroupRecord.OffsetCommit) GroupRecordCodec.decode(
                        ByteBuffer.wrap(GroupRecordCodec.offsetKey("grp", tp)),
                        ByteBuffer.wrap(GroupRecordCodec.offsetValue(withExpiry)))
                .orElseThrow();
        assertEquals("grp", decoded.groupId());
        assertEquals(tp, decoded.partition());
        assertEquals(withExpiry, decoded.value());

        var tombstone = (GroupRecord.OffsetCommit)
                GroupRecordCodec.decode(ByteBuffer.wrap(GroupRecordCodec.offsetKey("grp", tp)), null)
                        .orElseThrow();
        assertNull(tombstone.value());
    }

    @Test
    void groupMetadataRoundTrips() {
        var member = new GroupMetadataSnapshot.Member(
                "m-1", "inst", "client", "/10.0.0.1", 300, 45, new byte[] {1, 2}, new byte[] {3});
        var snapshot = new GroupMetadataSnapshot("consumer", 4, "range", "m-1", 1234, List.of(member));
        byte[] value = GroupRecordCodec.groupValue(snapshot);
        assertEquals(3, ByteBuffer.wrap(value).getShort(), "GroupMetadataValue v3");
        var decoded = (GroupRecord.GroupMetadata)
                GroupRecordCodec.decode(ByteBuffer.wrap(GroupRecordCodec.groupKey("grp")), ByteBuffer.wrap(value))
                        .orElseThrow();
        assertEquals("grp", decoded.groupId());
        var d = decoded.value();
        assertEquals("consumer", d.protocolType());
        assertEquals(4, d.generation());
        assertEquals("range", d.protocol());
        assertEquals("m-1", d.leader());
        assertEquals(1234, d.currentStateTimestamp());
        var m = d.members().get(0);
        assertEquals("inst", m.groupInstanceId());
        assertEquals(300, m.rebalanceTimeoutMs());
        assertEquals(45, m.sessionTimeoutMs());
        assertArrayEquals(new byte[] {1, 2}, m.subscription());
        assertArrayEquals(new byte[] {3}, m.assignment());
    }

    @Test
    void emptyGroupHasNullProtocolAndLeader() {
        var snapshot = new GroupMetadataSnapshot("consumer", 2, null, null, 5, List.of());
        var decoded = (GroupRecord.GroupMetadata) GroupRecordCodec.decode(
                        ByteBuffer.wrap(GroupRecordCodec.groupKey("g")),
                        ByteBuffer.wrap(GroupRecordCodec.groupValue(snapshot)))
                .orElseThrow();
        assertNull(decoded.value().protocol());
        assertNull(decoded.value().leader());
        assertTrue(decoded.value().members().isEmpty());
    }

    @Test
    void otherRecordTypesAreSkippedAndGarbageIsRejected() {
        // 4: Kafka's ConsumerGroupPartitionMetadata (deprecated in 4.1), 16: a resolved regex, 9: share groups
        for (byte type : new byte[] {4, 9, 16}) {
            assertTrue(GroupRecordCodec.decode(ByteBuffer.wrap(new byte[] {0, type, 0, 0}), null)
                    .isEmpty());
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> GroupRecordCodec.decode(ByteBuffer.wrap(new byte[] {0, 1, 0, 9}), null));
    }
}
