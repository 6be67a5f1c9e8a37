package io.skiff.broker.group;

import java.util.ArrayList;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The coordinator's groups by id, of every {@link GroupType}, and the one way to act on a group:
 * {@link #withLock}, which holds the group's own {@link io.skiff.broker.coordinator.KeyLock} and afterwards
 * completes the responses the action deferred. Thread-safe.
 */
final class GroupRegistry {
    private final ConcurrentHashMap<String, Group> groups = new ConcurrentHashMap<>();

    Group get(String groupId) {
        return groups.get(groupId);
    }

    /** The group if it is a classic group, else null. */
    ClassicGroup classic(String groupId) {
        return groups.get(groupId) instanceof ClassicGroup g ? g : null;
    }

    /** The group if it is a consumer group, else null. */
    ConsumerGroup consumer(String groupId) {
        return groups.get(groupId) instanceof ConsumerGroup g ? g : null;
    }

    /** The classic group of that id, created Empty if no group has the id; null if a group of another kind has it. */
    ClassicGroup getOrCreateClassic(String groupId, long now) {
        Group g = groups.computeIfAbsent(groupId, id -> new ClassicGroup(id, GroupState.EMPTY, now));
        return g instanceof ClassicGroup c ? c : null;
    }

    /** Registers {@code group}, or returns the group already registered under its id. */
    Group putIfAbsent(Group group) {
        Group existing = groups.putIfAbsent(group.groupId(), group);
        return existing != null ? existing : group;
    }

    void put(Group group) {
        groups.put(group.groupId(), group);
    }

    /** Replaces {@code old} (if still registered) with {@code replacement}: a conversion between kinds. */
    boolean replace(Group old, Group replacement) {
        return groups.replace(old.groupId(), old, replacement);
    }

    /** Removes the group if it is still the registered instance (a new one may already have replaced it). */
    void remove(Group group) {
        groups.remove(group.groupId(), group);
    }

    Collection<Group> all() {
        return new ArrayList<>(groups.values());
    }

    Collection<ClassicGroup> allClassic() {
        Collection<ClassicGroup> out = new ArrayList<>();
        for (Group g : groups.values()) {
            if (g instanceof ClassicGroup c) {
                out.add(c);
            }
        }
        return out;
    }

    void withLock(Group group, Runnable action) {
        group.keyLock().run(action);
    }

    <T> T withLock(Group group, Supplier<T> action) {
        return group.keyLock().call(action);
    }
}
