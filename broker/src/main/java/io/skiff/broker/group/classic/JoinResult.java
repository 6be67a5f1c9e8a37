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
import java.util.List;

/**
 * The outcome of a JoinGroup: on success the generation, the chosen protocol, the leader and (for the
 * leader only) every member's metadata. Immutable, thread-safe.
 */
public record JoinResult(
        List<JoinedMember> members,
        String memberId,
        int generationId,
        String protocolType,
        String protocolName,
        String leaderId,
        boolean skipAssignment,
        GroupError error) {

    /** A member as the leader sees it: id, instance id and the metadata of the chosen protocol. */
    public record JoinedMember(String memberId, String groupInstanceId, byte[] metadata) {}

    /**
     * The group's current generation as {@code memberId} is told it: every member's metadata for the leader, none
     * for the others.
     */
    static JoinResult ofGeneration(ClassicGroup group, String memberId) {
        return ofGeneration(group, memberId, group.isLeader(memberId) ? group.currentMemberMetadata() : List.of());
    }

    /** The group's current generation as {@code memberId} is told it, with {@code members}. */
    static JoinResult ofGeneration(ClassicGroup group, String memberId, List<JoinedMember> members) {
        return new JoinResult(
                members,
                memberId,
                group.generationId(),
                group.protocolType(),
                group.protocolName(),
                group.leaderId(),
                false,
                GroupError.NONE);
    }

    public static JoinResult error(String memberId, GroupError error) {
        return new JoinResult(List.of(), memberId, -1, null, null, "", false, error);
    }
}
