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
package io.skiff.broker.group.consumer;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import java.util.List;

/**
 * A static member's new instance takes the old one's place in a {@link ConsumerGroup}, whichever protocol either
 * uses (Kafka's replaceMember): a copy of the old member under the new member id, at epoch 0, with its state,
 * partitions and target assignment, so nothing moves. Its records are the old member's tombstones, then the new
 * one's metadata, target and current assignment: replayed, they rebuild the new member whole (metadata first, so it
 * comes back with its instance id). Stateless.
 */
final class StaticMemberReplacement {
    private StaticMemberReplacement() {}

    /** Replaces {@code previous} by its copy under {@code memberId}, adds the records to {@code records}. */
    static ConsumerGroupMember replace(
            ConsumerGroup group, ConsumerGroupMember previous, String memberId, List<KeyValue> records) {
        ConsumerGroupMember member = ConsumerGroupMember.replacing(previous, memberId);
        group.replaceStaticMember(previous, member);
        String groupId = group.groupId();
        records.addAll(ConsumerGroupRecords.memberTombstones(groupId, previous.memberId()));
        group.markMemberUnpersisted(previous.memberId());
        records.add(ConsumerGroupRecords.memberMetadata(groupId, member));
        records.add(ConsumerGroupRecords.targetMember(groupId, memberId, group.targetOf(memberId)));
        records.add(ConsumerGroupRecords.currentAssignment(groupId, member));
        group.markMemberPersisted(memberId);
        return member;
    }
}
