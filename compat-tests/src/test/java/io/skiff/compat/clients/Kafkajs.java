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
package io.skiff.compat.clients;

import java.time.Duration;
import java.util.Map;

/**
 * Runs {@code src/test/js/kafkajs-compat.js} (kafkajs 2.2.4, pinned by package-lock.json) with node; installation
 * as for every Node.js client ({@link NodeClients}).
 *
 * <p>Thread-safe.
 */
final class Kafkajs {
    private Kafkajs() {}

    static void ensureInstalled() {
        NodeClients.ensureInstalled();
    }

    /** Runs one command of the script against {@code bootstrap}; fails the test if it does not exit with 0. */
    static ExternalProcess.Result run(String bootstrap, String command, String... args) {
        return run(Map.of(), bootstrap, command, args);
    }

    /**
     * As {@link #run(String, String, String...)} with environment variables for the script ({@code KAFKAJS_CA},
     * {@code KAFKAJS_SASL}: see the script).
     */
    static ExternalProcess.Result run(Map<String, String> env, String bootstrap, String command, String... args) {
        return NodeClients.run("kafkajs-compat.js", env, Duration.ofSeconds(90), bootstrap, command, args);
    }
}
