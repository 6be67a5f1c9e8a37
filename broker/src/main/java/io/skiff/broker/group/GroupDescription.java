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

import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.GroupMember;
import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.common.GroupError;
import java.util.ArrayList;
import java.util.List;

/**
 * A DescribeGroups entry. Member metadata is included only for Stable groups, as Kafka does. An unknown
 * group, and a consumer group (not a classic one), is GROUP_ID_NOT_FOUND with Kafka's message; DescribeGroups
 * below v6 reports it as Dead without an error.
 * Immutable, thread-safe.
 */
public record GroupDescription(
        String groupId,
        GroupError error,
        String state,
        String protocolType,
        String protocolName,
        List<Member> members,
        String errorMessage) {

    public GroupDescription(
            String groupId,
            GroupError error,
            String state,
            String protocolType,
            String protocolName,
            List<Member> members) {
        this(groupId, error, state, protocolType, protocolName, members, null);
    }

    /** An unknown group, or one of another kind: Dead, GROUP_ID_NOT_FOUND with Kafka's message. */
    static GroupDescription notFound(String groupId, String message) {
        return new GroupDescription(
                groupId, GroupError.GROUP_ID_NOT_FOUND, GroupState.DEAD.displayName(), "", "", List.of(), message);
    }

    /** A classic group's description, under its lock: member metadata and assignments only when Stable. */
    static GroupDescription of(ClassicGroup g) {
        boolean stable = g.is(GroupState.STABLE);
        List<Member> members = new ArrayList<>();
        for (GroupMember m : g.allMembers()) {
            members.add(new Member(
                    m.memberId(),
                    m.groupInstanceId(),
                    m.clientId(),
                    m.clientHost(),
                    stable ? m.metadata(g.protocolName()) : new byte[0],
                    stable ? m.assignment() : new byte[0]));
        }
        return new GroupDescription(
                g.groupId(),
                GroupError.NONE,
                g.state().displayName(),
                g.protocolType() == null ? "" : g.protocolType(),
                stable && g.protocolName() != null ? g.protocolName() : "",
                members);
    }

    /** One described member. */
    public record Member(
            String memberId,
            String groupInstanceId,
            String clientId,
            String clientHost,
            byte[] metadata,
            byte[] assignment) {}
}
