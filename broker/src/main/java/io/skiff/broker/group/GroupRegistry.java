package io.skiff.broker.group;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The coordinator's groups by id, and the one way to act on a group: {@link #withLock}, which holds
 * the group's own lock (never a lock other groups share) and afterwards completes the responses the
 * action parked with {@link ClassicGroup#defer}. Thread-safe.
 */
final class GroupRegistry {
    private final ConcurrentHashMap<String, ClassicGroup> groups = new ConcurrentHashMap<>();

    ClassicGroup get(String groupId) {
        return groups.get(groupId);
    }

    ClassicGroup getOrCreate(String groupId, long now) {
        return groups.computeIfAbsent(groupId, id -> new ClassicGroup(id, GroupState.EMPTY, now));
    }

    void put(ClassicGroup group) {
        groups.put(group.groupId(), group);
    }

    /** Removes the group if it is still the registered instance (a new one may already have replaced it). */
    void remove(ClassicGroup group) {
        groups.remove(group.groupId(), group);
    }

    Collection<ClassicGroup> all() {
        return new ArrayList<>(groups.values());
    }

    void withLock(ClassicGroup group, Runnable action) {
        withLock(group, () -> {
            action.run();
            return null;
        });
    }

    <T> T withLock(ClassicGroup group, Supplier<T> action) {
        List<Runnable> after;
        T result;
        group.lock().lock();
        try {
            result = action.get();
        } finally {
            after = group.lock().getHoldCount() == 1 ? group.drainDeferred() : List.of();
            group.lock().unlock();
        }
        after.forEach(Runnable::run);
        return result;
    }
}
