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
package io.skiff.broker.telemetry;

import io.skiff.storage.FieldLines;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client-metrics subscriptions (CLIENT_METRICS config resources). Kafka keeps them in its KRaft metadata log;
 * Skiff, like its group configs, in one file of the data directory, {@code client-metrics/configs}, replaced
 * atomically before a change is acknowledged. One line per key: {@code name-base64 key value-base64}. A subscription
 * whose keys are all deleted is gone, as in Kafka. Without a data directory it lives in memory only.
 *
 * <p>Thread-safe: changes are synchronized and persisted before they are visible; {@link #all} is a snapshot.
 */
final class ClientMetricsConfigStore {
    private static final Logger LOG = LoggerFactory.getLogger(ClientMetricsConfigStore.class);
    static final String FILE = "client-metrics/configs";

    private final Path file;
    private volatile Map<String, ClientMetricsSubscription> subscriptions = Map.of();

    private ClientMetricsConfigStore(Path file) {
        this.file = file;
    }

    static ClientMetricsConfigStore inMemory() {
        return new ClientMetricsConfigStore(null);
    }

    static ClientMetricsConfigStore open(Path dataDir) {
        ClientMetricsConfigStore store = new ClientMetricsConfigStore(dataDir.resolve(FILE));
        Map<String, Map<String, String>> byName = new TreeMap<>();
        Base64.Decoder b64 = Base64.getDecoder();
        FieldLines.read(
                store.file,
                n -> n == 3,
                "a client-metrics config",
                f -> byName.computeIfAbsent(decode(b64, f[0]), n -> new TreeMap<>())
                        .put(f[1], decode(b64, f[2])));
        Map<String, ClientMetricsSubscription> loaded = new TreeMap<>();
        byName.forEach((name, configs) -> {
            try {
                loaded.put(name, ClientMetricsSubscription.parse(name, configs));
            } catch (ClientMetricsConfigException e) {
                LOG.warn("Ignoring the stored client-metrics subscription {}: {}", name, e.getMessage());
            }
        });
        store.subscriptions = Collections.unmodifiableMap(loaded);
        return store;
    }

    private static String decode(Base64.Decoder b64, String text) {
        return new String(b64.decode(text), StandardCharsets.UTF_8);
    }

    /** Every subscription by name, sorted (immutable). */
    Map<String, ClientMetricsSubscription> all() {
        return subscriptions;
    }

    /**
     * Replaces a subscription (null: removes it). Persisted before it returns.
     *
     * @throws UncheckedIOException when the file cannot be written; nothing changed then
     */
    synchronized void replace(String name, ClientMetricsSubscription subscription) {
        Map<String, ClientMetricsSubscription> next = new TreeMap<>(subscriptions);
        if (subscription == null) {
            if (next.remove(name) == null) {
                return;
            }
        } else {
            next.put(name, subscription);
        }
        persist(next);
        subscriptions = Collections.unmodifiableMap(next);
    }

    private void persist(Map<String, ClientMetricsSubscription> content) {
        if (file == null) {
            return;
        }
        Base64.Encoder b64 = Base64.getEncoder();
        List<String[]> lines = new ArrayList<>();
        content.forEach((name, subscription) -> new TreeMap<>(subscription.configs())
                .forEach((key, value) -> lines.add(new String[] {
                    b64.encodeToString(name.getBytes(StandardCharsets.UTF_8)),
                    key,
                    b64.encodeToString(value.getBytes(StandardCharsets.UTF_8))
                })));
        FieldLines.write(file, lines);
    }
}
