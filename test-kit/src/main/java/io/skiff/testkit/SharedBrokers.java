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
package io.skiff.testkit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The brokers of {@link Lifecycle#SHARED}: one per distinct {@link BrokerSpec} for the life of the JVM, closed by a
 * shutdown hook (which deletes their temporary directories).
 *
 * <p>Thread-safe.
 */
final class SharedBrokers {
    private static final Map<BrokerSpec, RunningBroker> BROKERS = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SharedBrokers::closeAll, "skiff-shared-brokers-close"));
    }

    private SharedBrokers() {}

    static RunningBroker get(BrokerSpec spec) {
        return BROKERS.computeIfAbsent(spec, RunningBroker::start);
    }

    private static void closeAll() {
        for (RunningBroker broker : BROKERS.values()) {
            try {
                broker.close();
            } catch (RuntimeException e) {
                // the JVM is exiting: nothing left to tell; the next broker continues
            }
        }
    }
}
