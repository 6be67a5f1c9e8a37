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
 * Runs {@code src/test/js/confluent-compat.js}: Confluent's {@code @confluentinc/kafka-javascript} 1.10.1 (pinned by
 * package-lock.json), which bundles librdkafka 2.15.1, the engine of confluent-kafka-python, -go, -dotnet and -js;
 * installation as for every Node.js client ({@link NodeClients}).
 *
 * <p>Thread-safe.
 */
final class ConfluentJs {
    private ConfluentJs() {}

    static void ensureInstalled() {
        NodeClients.ensureInstalled();
    }

    /** Runs one command of the script against {@code bootstrap}; fails the test if it does not exit with 0. */
    static ExternalProcess.Result run(String bootstrap, String command, String... args) {
        return NodeClients.run("confluent-compat.js", Map.of(), Duration.ofSeconds(90), bootstrap, command, args);
    }
}
