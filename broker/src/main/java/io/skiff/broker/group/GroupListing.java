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

import io.skiff.broker.group.common.Group;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.common.GroupType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * ListGroups: the live groups of every kind, filtered by state and type as Kafka filters them.
 *
 * <p>Stateless; each group is read under its own lock.
 */
final class GroupListing {
    private GroupListing() {}

    /**
     * Groups matching the state filter (display names, case-insensitive; empty = all) and the type filter
     * ("classic", "consumer", case-insensitive; empty = all; only unknown types: none).
     */
    static List<GroupOverview> list(GroupRegistry groups, Set<String> statesFilter, Set<String> typesFilter) {
        Set<String> states = new HashSet<>();
        statesFilter.forEach(st -> states.add(st.toLowerCase(Locale.ROOT)));
        Set<GroupType> types = new HashSet<>();
        for (String t : typesFilter) {
            GroupType type = GroupType.fromWireName(t);
            if (type != null) {
                types.add(type);
            }
        }
        List<GroupOverview> out = new ArrayList<>();
        if (!typesFilter.isEmpty() && types.isEmpty()) {
            return out;
        }
        for (Group g : groups.all()) {
            if (!types.isEmpty() && !types.contains(g.type())) {
                continue;
            }
            GroupOverview o = groups.withLock(
                    g,
                    () -> g.isDead()
                            ? null
                            : new GroupOverview(
                                    g.groupId(),
                                    g.protocolTypeOrEmpty(),
                                    g.stateName(),
                                    g.type().wireName()));
            if (o != null && (states.isEmpty() || states.contains(o.state().toLowerCase(Locale.ROOT)))) {
                out.add(o);
            }
        }
        return out;
    }
}
