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
package io.skiff.broker.server;

import java.util.ArrayDeque;
import java.util.Queue;

/**
 * The bytes of requests read but not yet answered, bounded by Kafka's {@code queued.max.request.bytes} (-1 = no bound,
 * Kafka's default). As Kafka's memory pool it is not strict: a reservation succeeds while any byte is free, so a
 * frame bigger than the whole pool is still read once the pool is empty, and the total stays below the bound plus one
 * frame. A connection whose reservation fails stops reading and is woken, in order of waiting, when bytes are
 * released.
 *
 * <p>Thread-safe: every method is synchronized; wake-ups run outside the lock.
 */
public final class RequestMemoryPool {
    private final long capacity;
    private final Queue<Runnable> waiting = new ArrayDeque<>();
    private long used;

    /** {@code capacity} bytes; -1 (or any value of 0 or less) for no bound. */
    public RequestMemoryPool(long capacity) {
        this.capacity = capacity <= 0 ? Long.MAX_VALUE : capacity;
    }

    public static RequestMemoryPool unbounded() {
        return new RequestMemoryPool(-1);
    }

    /** Reserves {@code bytes} when any byte is free; otherwise returns false and leaves the pool as it was. */
    public synchronized boolean tryReserve(int bytes) {
        if (used >= capacity) {
            return false;
        }
        used += bytes;
        return true;
    }

    /**
     * Runs {@code wakeUp} once, as soon as bytes are released (at once, on this thread, when bytes are free already).
     */
    public void whenAvailable(Runnable wakeUp) {
        synchronized (this) {
            if (used >= capacity) {
                waiting.add(wakeUp);
                return;
            }
        }
        wakeUp.run();
    }

    /** Returns {@code bytes} a {@link #tryReserve} took, and wakes the connections waiting for them. */
    public void release(int bytes) {
        Queue<Runnable> toWake;
        synchronized (this) {
            used -= bytes;
            if (used < 0) {
                throw new IllegalStateException("released more than reserved: " + used);
            }
            if (waiting.isEmpty() || used >= capacity) {
                return;
            }
            toWake = new ArrayDeque<>(waiting);
            waiting.clear();
        }
        toWake.forEach(Runnable::run);
    }

    public synchronized long used() {
        return used;
    }

    public long capacity() {
        return capacity;
    }
}
