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
package io.skiff.broker.group.classic;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.common.GroupMetadataSnapshot;
import io.skiff.broker.group.common.GroupRecordCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A classic group as {@code __consumer_offsets} keeps it: its GroupMetadata record (generation, protocol, leader,
 * members with their subscriptions and assignments) and the tombstone that removes it.
 *
 * <p>Stateless; the caller holds the group's lock.
 */
final class ClassicGroupRecords {
    private ClassicGroupRecords() {}

    /** The GroupMetadata record of the group's current state; {@code assignments} overrides members' ones. */
    static CoordinatorRecordLog.KeyValue metadata(ClassicGroup group, Map<String, byte[]> assignments) {
        String protocolName = group.protocolName();
        List<GroupMetadataSnapshot.Member> members = new ArrayList<>();
        for (GroupMember m : group.allMembers()) {
            byte[] assignment = assignments != null ? assignments.get(m.memberId()) : m.assignment();
            members.add(new GroupMetadataSnapshot.Member(
                    m.memberId(),
                    m.groupInstanceId(),
                    m.clientId(),
                    m.clientHost(),
                    m.rebalanceTimeoutMs(),
                    m.sessionTimeoutMs(),
                    protocolName != null ? m.metadata(protocolName) : new byte[0],
                    assignment));
        }
        GroupMetadataSnapshot snapshot = new GroupMetadataSnapshot(
                group.protocolTypeOrEmpty(),
                group.generationId(),
                protocolName,
                group.leaderId(),
                group.currentStateTimestamp(),
                members);
        return new CoordinatorRecordLog.KeyValue(
                GroupRecordCodec.groupKey(group.groupId()), GroupRecordCodec.groupValue(snapshot));
    }

    /** The tombstone of the group's GroupMetadata record. */
    static CoordinatorRecordLog.KeyValue tombstone(ClassicGroup group) {
        return new CoordinatorRecordLog.KeyValue(GroupRecordCodec.groupKey(group.groupId()), null);
    }
}
