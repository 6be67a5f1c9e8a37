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

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a classic group's members' protocols decide, as Kafka's ClassicGroup does: which protocols every member
 * supports, whether a joining member fits them, the protocol the group uses (the candidate most members prefer),
 * and the topics a consumer group's members subscribe to.
 *
 * <p>Stateless; the caller holds the group's lock.
 */
final class ClassicGroupProtocols {
    private ClassicGroupProtocols() {}

    /** The protocols every member supports. */
    static Set<String> candidates(Collection<GroupMember> members) {
        Map<String, Integer> counts = new HashMap<>();
        for (GroupMember m : members) {
            for (MemberProtocol p : m.protocols()) {
                counts.merge(p.name(), 1, Integer::sum);
            }
        }
        Set<String> out = new HashSet<>();
        counts.forEach((name, n) -> {
            if (n == members.size()) {
                out.add(name);
            }
        });
        return out;
    }

    /** Whether a member offering {@code memberProtocols} shares a protocol with every member. */
    static boolean sharesProtocol(Collection<GroupMember> members, List<MemberProtocol> memberProtocols) {
        Set<String> candidates = candidates(members);
        for (MemberProtocol p : memberProtocols) {
            if (candidates.contains(p.name())) {
                return true;
            }
        }
        return false;
    }

    /** The protocol every member supports that most members prefer; {@code members} is not empty. */
    static String select(Collection<GroupMember> members) {
        Set<String> candidates = candidates(members);
        Map<String, Integer> votes = new LinkedHashMap<>();
        for (GroupMember m : members) {
            votes.merge(m.vote(candidates), 1, Integer::sum);
        }
        return votes.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .orElseThrow()
                .getKey();
    }

    /**
     * The topics the members of a consumer group subscribe to under {@code protocolName}; empty when that is unknown
     * (not a consumer group, no protocol chosen yet, or a subscription that does not parse).
     */
    static Optional<Set<String>> subscribedTopics(
            Collection<GroupMember> members, boolean consumerGroup, String protocolName) {
        if (!consumerGroup) {
            return Optional.empty();
        }
        if (members.isEmpty()) {
            return Optional.of(Set.of());
        }
        if (protocolName == null) {
            return Optional.empty();
        }
        Set<String> topics = new HashSet<>();
        for (GroupMember m : members) {
            Optional<List<String>> t = ConsumerSubscription.topics(m.metadata(protocolName));
            if (t.isEmpty()) {
                return Optional.empty();
            }
            topics.addAll(t.get());
        }
        return Optional.of(topics);
    }
}
