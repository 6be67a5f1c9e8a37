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
package io.skiff.broker.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Serializes the work on one coordinator key (a group, a transactional id): {@link #call} runs an action
 * under the key's own lock (never one other keys share) and, once the outermost call released it, runs the
 * completions the action {@link #defer deferred} — so responses are completed, and their callbacks run,
 * without the key's lock held. Thread-safe.
 */
public final class KeyLock {
    private final ReentrantLock lock = new ReentrantLock();
    private final List<Runnable> deferred = new ArrayList<>();

    /** Runs {@code action} under the lock, then (outermost call only) the deferred completions. */
    public <T> T call(Supplier<T> action) {
        List<Runnable> after;
        T result;
        lock.lock();
        try {
            result = action.get();
        } finally {
            after = lock.getHoldCount() == 1 ? drainDeferred() : List.of();
            lock.unlock();
        }
        after.forEach(Runnable::run);
        return result;
    }

    public void run(Runnable action) {
        call(() -> {
            action.run();
            return null;
        });
    }

    /** Queues {@code completion} to run after the lock is released. Call with the lock held. */
    public void defer(Runnable completion) {
        if (!lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("defer() needs the key's lock");
        }
        deferred.add(completion);
    }

    public boolean isHeldByCurrentThread() {
        return lock.isHeldByCurrentThread();
    }

    private List<Runnable> drainDeferred() {
        if (deferred.isEmpty()) {
            return List.of();
        }
        List<Runnable> out = new ArrayList<>(deferred);
        deferred.clear();
        return out;
    }
}
