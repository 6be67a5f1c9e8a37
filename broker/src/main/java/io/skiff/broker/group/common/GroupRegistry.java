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

import java.util.ArrayList;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The coordinator's groups by id, of every {@link GroupType}, and the one way to act on a group:
 * {@link #withLock}, which holds the group's own {@link io.skiff.broker.coordinator.KeyLock} and afterwards
 * completes the responses the action deferred. Thread-safe.
 */
public final class GroupRegistry {
    private final ConcurrentHashMap<String, Group> groups = new ConcurrentHashMap<>();

    public Group get(String groupId) {
        return groups.get(groupId);
    }

    /** The group if it is of the class {@code kind}, else null. */
    public <G extends Group> G get(String groupId, Class<G> kind) {
        Group g = groups.get(groupId);
        return kind.isInstance(g) ? kind.cast(g) : null;
    }

    /** The group of that id, created by {@code create} if no group has the id; null if a group of another kind has it. */
    public <G extends Group> G getOrCreate(String groupId, Class<G> kind, Function<String, G> create) {
        Group g = groups.computeIfAbsent(groupId, create);
        return kind.isInstance(g) ? kind.cast(g) : null;
    }

    /** Registers {@code group}, or returns the group already registered under its id. */
    public Group putIfAbsent(Group group) {
        Group existing = groups.putIfAbsent(group.groupId(), group);
        return existing != null ? existing : group;
    }

    public void put(Group group) {
        groups.put(group.groupId(), group);
    }

    /** Replaces {@code old} (if still registered) with {@code replacement}: a conversion between kinds. */
    public boolean replace(Group old, Group replacement) {
        return groups.replace(old.groupId(), old, replacement);
    }

    /** Removes the group if it is still the registered instance (a new one may already have replaced it). */
    public void remove(Group group) {
        groups.remove(group.groupId(), group);
    }

    public Collection<Group> all() {
        return new ArrayList<>(groups.values());
    }

    /** The groups of the class {@code kind}. */
    public <G extends Group> Collection<G> all(Class<G> kind) {
        Collection<G> out = new ArrayList<>();
        for (Group g : groups.values()) {
            if (kind.isInstance(g)) {
                out.add(kind.cast(g));
            }
        }
        return out;
    }

    public void withLock(Group group, Runnable action) {
        group.keyLock().run(action);
    }

    public <T> T withLock(Group group, Supplier<T> action) {
        return group.keyLock().call(action);
    }
}
