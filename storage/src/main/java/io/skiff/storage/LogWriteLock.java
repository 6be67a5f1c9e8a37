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
package io.skiff.storage;

import java.io.IOException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The one lock that serializes a {@link Log}'s changes (appends, rolls, retention, flushes, swaps, close) and the
 * rule that goes with it: a change to the files of an open log that fails with an I/O error takes the log offline
 * (see {@link LocalLog#goOffline}).
 */
final class LogWriteLock {
    private final ReentrantLock lock = new ReentrantLock();
    private final LocalLog local;

    LogWriteLock(LocalLog local) {
        this.local = local;
    }

    /** Runs {@code action} under the lock; an I/O error is the caller's. */
    <T> T get(IoSupplier<T> action) throws IOException {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code action} under the lock: for what does no I/O. */
    <T> T call(Supplier<T> action) {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    /** Changes the files of the open log under the lock; {@code doing} names the change in the offline error. */
    <T> T change(String doing, IoSupplier<T> change) {
        lock.lock();
        try {
            local.ensureOpen();
            return change.get();
        } catch (IOException e) {
            throw local.goOffline(doing, e);
        } finally {
            lock.unlock();
        }
    }

    /** As {@link #change(String, IoSupplier)}, for a change without a result. */
    void run(String doing, IoAction change) {
        change(doing, () -> {
            change.run();
            return null;
        });
    }

    interface IoSupplier<T> {
        T get() throws IOException;
    }

    interface IoAction {
        void run() throws IOException;
    }
}
