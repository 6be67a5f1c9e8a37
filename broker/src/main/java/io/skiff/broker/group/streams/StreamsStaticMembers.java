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
package io.skiff.broker.group.streams;

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import io.skiff.broker.group.common.GroupError;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka 4.4's static membership of streams groups ({@code group.instance.id}): a join takes over the tasks of the
 * member that left with that instance id (epoch -2) under the new member id, without a rebalance; an instance id
 * still in use is UNRELEASED_INSTANCE_ID. Other heartbeats must come from the member that holds the instance id.
 */
final class StreamsStaticMembers {
    private static final Logger LOG = LoggerFactory.getLogger(StreamsStaticMembers.class);

    /** A static member found or made by a heartbeat, or why the heartbeat is refused. */
    record Lookup(StreamsGroupMember member, boolean added, StreamsHeartbeatResult refusal) {
        static Lookup refused(GroupError error, String message) {
            return new Lookup(null, false, StreamsHeartbeatResult.error(error, message));
        }
    }

    private StreamsStaticMembers() {}

    /** The member a heartbeat with an instance id is from, under the group's lock; its records go to {@code records}. */
    static Lookup find(StreamsGroup group, StreamsHeartbeat req, int maxSize, List<KeyValue> records) {
        StreamsGroupMember existing = group.staticMember(req.instanceId());
        if (req.memberEpoch() != StreamsHeartbeat.JOIN_EPOCH) {
            String refused = StreamsHeartbeatChecks.staticRefusal(existing, req);
            if (refused != null) {
                return Lookup.refused(
                        existing == null ? GroupError.UNKNOWN_MEMBER_ID : GroupError.FENCED_INSTANCE_ID, refused);
            }
            return new Lookup(existing, false, null);
        }
        if (existing == null) {
            StreamsGroupMember member = group.member(req.memberId());
            if (member != null) {
                return new Lookup(member, false, null);
            }
            if (group.size() >= maxSize) {
                return new Lookup(null, false, StreamsHeartbeatChecks.tooMany(maxSize));
            }
            member = new StreamsGroupMember(req.memberId());
            group.addMember(member);
            LOG.info(
                    "Static member {} with instance id {} joins streams group {}",
                    member.memberId(),
                    req.instanceId(),
                    group.groupId());
            return new Lookup(member, true, null);
        }
        if (existing.memberEpoch() != StreamsHeartbeat.STATIC_LEAVE_EPOCH) {
            return Lookup.refused(
                    GroupError.UNRELEASED_INSTANCE_ID,
                    "Static member " + req.memberId() + " with instance id " + req.instanceId()
                            + " cannot join the group because the instance id is owned by " + existing.memberId()
                            + " member.");
        }
        StreamsGroupMember successor = existing.successor(req.memberId());
        TaskAssignment target = group.targetOf(existing.memberId());
        existing.cancelTimers();
        records.addAll(StreamsGroupRecords.memberTombstones(group.groupId(), existing.memberId()));
        group.removeMember(existing.memberId());
        group.markMemberUnpersisted(existing.memberId());
        group.addMember(successor);
        group.targetAssignment().put(successor.memberId(), target);
        records.add(StreamsGroupRecords.targetMember(group.groupId(), successor.memberId(), target));
        LOG.info(
                "Static member {} with instance id {} rejoins streams group {}, replacing {}",
                successor.memberId(),
                req.instanceId(),
                group.groupId(),
                existing.memberId());
        return new Lookup(successor, false, null);
    }
}
