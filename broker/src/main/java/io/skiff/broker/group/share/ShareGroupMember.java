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
package io.skiff.broker.group.share;

import io.skiff.broker.share.TopicIdPartition;
import java.util.List;
import java.util.Set;

/**
 * A member of a share group: who it is, what it subscribes to, its epoch and the partitions assigned to it. Share
 * groups have no revocation step: a member takes its new assignment, and the group's assignment epoch, at its next
 * heartbeat.
 *
 * <p>Not thread-safe: its {@link ShareGroup}'s monitor guards it.
 */
final class ShareGroupMember {
    final String memberId;
    final String clientId;
    final String clientHost;
    String rackId;
    List<String> subscribedTopicNames;
    int memberEpoch;
    /** The epoch before the last change: a heartbeat still at it is not fenced (Kafka's previousMemberEpoch). */
    int previousMemberEpoch = -1;

    Set<TopicIdPartition> assignment = Set.of();
    long sessionDeadline;

    ShareGroupMember(String memberId, String clientId, String clientHost) {
        this.memberId = memberId;
        this.clientId = clientId;
        this.clientHost = clientHost;
    }
}
