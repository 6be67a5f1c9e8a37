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
package io.skiff.broker.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread factories for the broker's background executors. Their threads are daemons so that a broker embedded in a
 * test's JVM never keeps that JVM alive; each is named {@code skiff-...} to be found in a thread dump. Stateless.
 */
public final class DaemonThreads {
    private DaemonThreads() {}

    /** Daemon threads called {@code name} (for an executor of one thread). */
    public static ThreadFactory named(String name) {
        return task -> daemon(task, name);
    }

    /** Daemon threads called {@code prefix} followed by 1, 2, 3... */
    public static ThreadFactory numbered(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return task -> daemon(task, prefix + n.incrementAndGet());
    }

    private static Thread daemon(Runnable task, String name) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        return t;
    }
}
