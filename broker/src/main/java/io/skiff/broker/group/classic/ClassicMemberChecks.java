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

import io.skiff.broker.group.common.GroupError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checks a classic group's member requests share, as Kafka's ClassicGroup makes them: that the member is the
 * current one of its static instance and known, and that it is in the current generation.
 *
 * <p>Stateless; the caller holds the group's lock.
 */
public final class ClassicMemberChecks {
    private static final Logger LOG = LoggerFactory.getLogger(ClassicMemberChecks.class);

    private ClassicMemberChecks() {}

    /** Kafka's validateCurrentMember: the instance id (if any) must map to this member id, which must exist. */
    public static GroupError currentMember(ClassicGroup group, String memberId, String groupInstanceId) {
        if (groupInstanceId != null) {
            String current = group.staticMemberId(groupInstanceId);
            if (current == null) {
                return GroupError.UNKNOWN_MEMBER_ID;
            }
            if (!current.equals(memberId)) {
                LOG.info(
                        "Member {} of static instance {} in group {} is fenced by {}",
                        memberId,
                        groupInstanceId,
                        group.groupId(),
                        current);
                return GroupError.FENCED_INSTANCE_ID;
            }
        }
        return group.has(memberId) ? GroupError.NONE : GroupError.UNKNOWN_MEMBER_ID;
    }

    /**
     * The checks of a member request bound to a generation (Heartbeat, SyncGroup): a Dead group is
     * COORDINATOR_NOT_AVAILABLE, then {@link #currentMember}, then the generation must be the current one.
     */
    public static GroupError memberOfGeneration(
            ClassicGroup group, String memberId, String groupInstanceId, int generationId) {
        if (group.isDead()) {
            return GroupError.COORDINATOR_NOT_AVAILABLE;
        }
        GroupError error = currentMember(group, memberId, groupInstanceId);
        if (error != GroupError.NONE) {
            return error;
        }
        return generationId != group.generationId() ? GroupError.ILLEGAL_GENERATION : GroupError.NONE;
    }
}
