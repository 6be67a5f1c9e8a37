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
package io.skiff.broker.group.common;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.record.ConsumerGroupCurrentMemberAssignmentKey;
import io.skiff.broker.group.record.ConsumerGroupCurrentMemberAssignmentValue;
import io.skiff.broker.group.record.ConsumerGroupMemberMetadataKey;
import io.skiff.broker.group.record.ConsumerGroupMemberMetadataValue;
import io.skiff.broker.group.record.ConsumerGroupMetadataKey;
import io.skiff.broker.group.record.ConsumerGroupMetadataValue;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMemberKey;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMemberValue;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMetadataKey;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMetadataValue;
import io.skiff.broker.group.record.GroupMetadataKey;
import io.skiff.broker.group.record.GroupMetadataValue;
import io.skiff.broker.group.record.OffsetCommitKey;
import io.skiff.broker.group.record.OffsetCommitValue;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.Message;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Encodes and decodes {@code __consumer_offsets} records in Kafka's own layouts, so Kafka's tools can read
 * them, with the classes generated from {@code src/main/schemas}. Every key starts with an int16 record type
 * (Kafka's coordinator record "apiKey"), every value with an int16 value version:
 *
 * <ul>
 *   <li>1 (and legacy 0) committed offset: OffsetCommitValue v3, or v1 when an explicit expire timestamp is set;</li>
 *   <li>2 classic group metadata: GroupMetadataValue v3;</li>
 *   <li>3 consumer group epoch, 5 member metadata, 6 target assignment epoch, 7 a member's target assignment,
 *       8 a member's current assignment: their value v0 (flexible).</li>
 * </ul>
 *
 * Streams group records (17 and 19-23) are Kafka's too, written and replayed by the streams group code
 * ({@code StreamsGroupRecords}, {@code StreamsGroupReplay}); other record types (Kafka's share groups, regex
 * records) decode to empty and are skipped on replay. Stateless, thread-safe.
 */
public final class GroupRecordCodec {
    static final short OFFSET_COMMIT_LEGACY = 0;
    static final short OFFSET_COMMIT = 1;
    static final short GROUP_METADATA = 2;
    static final short CONSUMER_GROUP_METADATA = 3;
    static final short CONSUMER_GROUP_MEMBER_METADATA = 5;
    static final short CONSUMER_GROUP_TARGET_METADATA = 6;
    static final short CONSUMER_GROUP_TARGET_MEMBER = 7;
    static final short CONSUMER_GROUP_CURRENT_ASSIGNMENT = 8;

    private static final short OFFSET_VALUE_VERSION = 3;
    private static final short OFFSET_VALUE_VERSION_WITH_EXPIRY = 1;
    private static final short GROUP_VALUE_VERSION = 3;
    private static final short CONSUMER_VALUE_VERSION = 0;

    private GroupRecordCodec() {}

    /** The OffsetCommit records of a group's {@code offsets}. */
    public static List<CoordinatorRecordLog.KeyValue> offsetRecords(
            String groupId, Map<TopicPartition, OffsetAndMetadata> offsets) {
        List<CoordinatorRecordLog.KeyValue> records = new ArrayList<>();
        offsets.forEach(
                (tp, om) -> records.add(new CoordinatorRecordLog.KeyValue(offsetKey(groupId, tp), offsetValue(om))));
        return records;
    }

    public static byte[] offsetKey(String groupId, TopicPartition tp) {
        return key(
                OFFSET_COMMIT,
                new OffsetCommitKey().setGroup(groupId).setTopic(tp.topic()).setPartition(tp.partition()));
    }

    public static byte[] offsetValue(OffsetAndMetadata v) {
        OffsetCommitValue value = new OffsetCommitValue()
                .setOffset(v.offset())
                .setLeaderEpoch(v.leaderEpoch())
                .setMetadata(v.metadata())
                .setCommitTimestamp(v.commitTimestamp());
        if (v.explicitExpireTimestamp().isPresent()) {
            return encode(
                    OFFSET_VALUE_VERSION_WITH_EXPIRY,
                    value.setExpireTimestamp(v.expireTimestamp()),
                    OFFSET_VALUE_VERSION_WITH_EXPIRY);
        }
        return encode(OFFSET_VALUE_VERSION, value, OFFSET_VALUE_VERSION);
    }

    public static byte[] groupKey(String groupId) {
        return key(GROUP_METADATA, new GroupMetadataKey().setGroup(groupId));
    }

    public static byte[] groupValue(GroupMetadataSnapshot g) {
        List<GroupMetadataValue.MemberMetadata> members = new ArrayList<>();
        for (GroupMetadataSnapshot.Member m : g.members()) {
            members.add(new GroupMetadataValue.MemberMetadata()
                    .setMemberId(m.memberId())
                    .setGroupInstanceId(m.groupInstanceId())
                    .setClientId(m.clientId())
                    .setClientHost(m.clientHost())
                    .setRebalanceTimeout(m.rebalanceTimeoutMs())
                    .setSessionTimeout(m.sessionTimeoutMs())
                    .setSubscription(m.subscription() == null ? new byte[0] : m.subscription())
                    .setAssignment(m.assignment() == null ? new byte[0] : m.assignment()));
        }
        GroupMetadataValue value = new GroupMetadataValue()
                .setProtocolType(g.protocolType() == null ? "" : g.protocolType())
                .setGeneration(g.generation())
                .setProtocol(g.protocol())
                .setLeader(g.leader())
                .setCurrentStateTimestamp(g.currentStateTimestamp())
                .setMembers(members);
        return encode(GROUP_VALUE_VERSION, value, GROUP_VALUE_VERSION);
    }

    // ---- consumer groups (keys and values built by ConsumerGroupRecords) ----

    public static byte[] consumerGroupMetadataKey(String groupId) {
        return key(CONSUMER_GROUP_METADATA, new ConsumerGroupMetadataKey().setGroupId(groupId));
    }

    public static byte[] memberMetadataKey(String groupId, String memberId) {
        return key(
                CONSUMER_GROUP_MEMBER_METADATA,
                new ConsumerGroupMemberMetadataKey().setGroupId(groupId).setMemberId(memberId));
    }

    public static byte[] targetMetadataKey(String groupId) {
        return key(CONSUMER_GROUP_TARGET_METADATA, new ConsumerGroupTargetAssignmentMetadataKey().setGroupId(groupId));
    }

    public static byte[] targetMemberKey(String groupId, String memberId) {
        return key(
                CONSUMER_GROUP_TARGET_MEMBER,
                new ConsumerGroupTargetAssignmentMemberKey().setGroupId(groupId).setMemberId(memberId));
    }

    public static byte[] currentAssignmentKey(String groupId, String memberId) {
        return key(
                CONSUMER_GROUP_CURRENT_ASSIGNMENT,
                new ConsumerGroupCurrentMemberAssignmentKey()
                        .setGroupId(groupId)
                        .setMemberId(memberId));
    }

    /** A consumer group value: int16 version 0, then the flexible v0 body. */
    public static byte[] consumerValue(Message value) {
        return encode(CONSUMER_VALUE_VERSION, value, CONSUMER_VALUE_VERSION);
    }

    /** A record key: the int16 record type, then the key's v0 body (the only key version Kafka defines). */
    public static byte[] key(short type, Message key) {
        return encode(type, key, (short) 0);
    }

    /**
     * Decodes one record. Empty for record types this coordinator does not use, so replay skips them.
     *
     * @throws IllegalArgumentException for a malformed key or value
     */
    public static Optional<GroupRecord> decode(ByteBuffer key, ByteBuffer value) {
        try {
            ByteBufferAccessor k = new ByteBufferAccessor(key.duplicate());
            short type = k.readShort();
            switch (type) {
                case OFFSET_COMMIT_LEGACY:
                case OFFSET_COMMIT: {
                    OffsetCommitKey ok = new OffsetCommitKey(k, (short) 0);
                    TopicPartition tp = new TopicPartition(ok.topic(), ok.partition());
                    return Optional.of(
                            new GroupRecord.OffsetCommit(ok.group(), tp, value == null ? null : offsetValue(value)));
                }
                case GROUP_METADATA: {
                    String group = new GroupMetadataKey(k, (short) 0).group();
                    return Optional.of(new GroupRecord.GroupMetadata(group, value == null ? null : groupValue(value)));
                }
                case CONSUMER_GROUP_METADATA: {
                    String group = new ConsumerGroupMetadataKey(k, (short) 0).groupId();
                    return Optional.of(new GroupRecord.ConsumerGroupEpoch(
                            group,
                            value == null
                                    ? null
                                    : new ConsumerGroupMetadataValue(
                                            consumerValueBody(value), CONSUMER_VALUE_VERSION)));
                }
                case CONSUMER_GROUP_MEMBER_METADATA: {
                    ConsumerGroupMemberMetadataKey mk = new ConsumerGroupMemberMetadataKey(k, (short) 0);
                    return Optional.of(new GroupRecord.MemberMetadata(
                            mk.groupId(),
                            mk.memberId(),
                            value == null
                                    ? null
                                    : new ConsumerGroupMemberMetadataValue(
                                            consumerValueBody(value), CONSUMER_VALUE_VERSION)));
                }
                case CONSUMER_GROUP_TARGET_METADATA: {
                    String group = new ConsumerGroupTargetAssignmentMetadataKey(k, (short) 0).groupId();
                    return Optional.of(new GroupRecord.TargetAssignmentMetadata(
                            group,
                            value == null
                                    ? null
                                    : new ConsumerGroupTargetAssignmentMetadataValue(
                                            consumerValueBody(value), CONSUMER_VALUE_VERSION)));
                }
                case CONSUMER_GROUP_TARGET_MEMBER: {
                    ConsumerGroupTargetAssignmentMemberKey tk =
                            new ConsumerGroupTargetAssignmentMemberKey(k, (short) 0);
                    return Optional.of(new GroupRecord.TargetAssignmentMember(
                            tk.groupId(),
                            tk.memberId(),
                            value == null
                                    ? null
                                    : new ConsumerGroupTargetAssignmentMemberValue(
                                            consumerValueBody(value), CONSUMER_VALUE_VERSION)));
                }
                case CONSUMER_GROUP_CURRENT_ASSIGNMENT: {
                    ConsumerGroupCurrentMemberAssignmentKey ck =
                            new ConsumerGroupCurrentMemberAssignmentKey(k, (short) 0);
                    return Optional.of(new GroupRecord.CurrentMemberAssignment(
                            ck.groupId(),
                            ck.memberId(),
                            value == null
                                    ? null
                                    : new ConsumerGroupCurrentMemberAssignmentValue(
                                            consumerValueBody(value), CONSUMER_VALUE_VERSION)));
                }
                default:
                    return Optional.empty();
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Malformed __consumer_offsets record: " + e, e);
        }
    }

    private static OffsetAndMetadata offsetValue(ByteBuffer v) {
        ByteBufferAccessor in = new ByteBufferAccessor(v.duplicate());
        short version = in.readShort();
        if (version < 0 || version > 4) {
            throw new IllegalArgumentException("Unsupported OffsetCommitValue version " + version);
        }
        OffsetCommitValue value = new OffsetCommitValue(in, version);
        long expire = version == 1 ? value.expireTimestamp() : OffsetAndMetadata.NO_EXPIRE_TIMESTAMP;
        return new OffsetAndMetadata(
                value.offset(), value.leaderEpoch(), value.metadata(), value.commitTimestamp(), expire);
    }

    private static GroupMetadataSnapshot groupValue(ByteBuffer v) {
        ByteBufferAccessor in = new ByteBufferAccessor(v.duplicate());
        short version = in.readShort();
        if (version < 0 || version > 4) {
            throw new IllegalArgumentException("Unsupported GroupMetadataValue version " + version);
        }
        GroupMetadataValue value = new GroupMetadataValue(in, version);
        List<GroupMetadataSnapshot.Member> members = new ArrayList<>();
        for (GroupMetadataValue.MemberMetadata m : value.members()) {
            members.add(new GroupMetadataSnapshot.Member(
                    m.memberId(),
                    m.groupInstanceId(),
                    m.clientId(),
                    m.clientHost(),
                    version >= 1 ? m.rebalanceTimeout() : -1,
                    m.sessionTimeout(),
                    m.subscription(),
                    m.assignment()));
        }
        return new GroupMetadataSnapshot(
                value.protocolType(),
                value.generation(),
                value.protocol(),
                value.leader(),
                value.currentStateTimestamp(),
                members);
    }

    /**
     * The body of a value written by {@link #consumerValue} (consumer and streams group records) after its version,
     * which must be 0 (the only one Kafka defines).
     */
    public static ByteBufferAccessor consumerValueBody(ByteBuffer v) {
        ByteBufferAccessor in = new ByteBufferAccessor(v.duplicate());
        short version = in.readShort();
        if (version != CONSUMER_VALUE_VERSION) {
            throw new IllegalArgumentException("Unsupported consumer or streams group record value version " + version);
        }
        return in;
    }

    private static byte[] encode(short prefix, Message message, short version) {
        ByteBuffer buf = ByteBuffer.allocate(2 + message.size(version));
        buf.putShort(prefix);
        message.write(new ByteBufferAccessor(buf), version);
        return buf.array();
    }
}
