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
package io.skiff.broker;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The servers that own a temporary data directory and are still open. At JVM exit one shutdown hook
 * ({@code skiff-temp-dir-cleanup}) closes them, which deletes their directories: a test that never closes its
 * {@link SkiffServer} does not leave its data behind. Thread-safe.
 */
final class UnclosedServers {
    private static final Set<SkiffServer> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOK_ADDED = new AtomicBoolean();

    private UnclosedServers() {}

    static void add(SkiffServer server) {
        if (HOOK_ADDED.compareAndSet(false, true)) {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(UnclosedServers::closeAll, "skiff-temp-dir-cleanup"));
            } catch (IllegalStateException exiting) {
                // the JVM is already exiting: the caller closes what it started
            }
        }
        OPEN.add(server);
    }

    static void remove(SkiffServer server) {
        OPEN.remove(server);
    }

    private static void closeAll() {
        for (SkiffServer server : List.copyOf(OPEN)) {
            server.close();
        }
    }
}
