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

import io.skiff.broker.group.record.ConsumerGroupCurrentMemberAssignmentValue;
import io.skiff.broker.group.record.ConsumerGroupMemberMetadataValue;
import io.skiff.broker.group.record.ConsumerGroupMetadataValue;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMemberValue;
import io.skiff.broker.group.record.ConsumerGroupTargetAssignmentMetadataValue;

/**
 * A decoded record of the {@code __consumer_offsets} topic. A null value is a tombstone. Immutable apart
 * from the generated value objects, which replay only reads.
 */
public sealed interface GroupRecord {

    String groupId();

    /** A committed offset (Kafka's OffsetCommitKey/OffsetCommitValue); {@code value == null} deletes it. */
    public record OffsetCommit(String groupId, TopicPartition partition, OffsetAndMetadata value)
            implements GroupRecord {}

    /** Classic group metadata (Kafka's GroupMetadataKey/GroupMetadataValue); {@code value == null} deletes the group. */
    public record GroupMetadata(String groupId, GroupMetadataSnapshot value) implements GroupRecord {}

    /** A consumer group's epoch (ConsumerGroupMetadataKey/Value); null deletes the group. */
    public record ConsumerGroupEpoch(String groupId, ConsumerGroupMetadataValue value) implements GroupRecord {}

    /** A consumer group member's subscription and identity; null removes the member. */
    public record MemberMetadata(String groupId, String memberId, ConsumerGroupMemberMetadataValue value)
            implements GroupRecord {}

    /** The epoch of a consumer group's target assignment; null deletes it. */
    public record TargetAssignmentMetadata(String groupId, ConsumerGroupTargetAssignmentMetadataValue value)
            implements GroupRecord {}

    /** One member's target assignment; null deletes it. */
    public record TargetAssignmentMember(
            String groupId, String memberId, ConsumerGroupTargetAssignmentMemberValue value) implements GroupRecord {}

    /** One member's epochs, state and owned partitions; null deletes them. */
    public record CurrentMemberAssignment(
            String groupId, String memberId, ConsumerGroupCurrentMemberAssignmentValue value) implements GroupRecord {}
}
