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
package io.skiff.broker.quota;

import io.skiff.storage.FieldLines;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every client quota that is set: entity → key → value. Kafka keeps them as records of its KRaft metadata log; Skiff,
 * like its SCRAM credentials and group configs, in one file of the data directory, {@code quotas/client-quotas},
 * replaced atomically (temp file, fsync, rename) before a change is acknowledged. One line per value:
 * {@code entity key value}, the entity being {@code type=name-base64} parts joined by commas, a bare {@code type}
 * for a default. Without a data directory (unit tests) it lives in memory only.
 *
 * <p>Thread-safe: changes are synchronized and persisted before they are visible; {@link #all} returns an immutable
 * snapshot.
 */
public final class ClientQuotaStore {
    static final String FILE = "quotas/client-quotas";

    private final Path file;
    private volatile Map<ClientQuotaEntity, Map<String, Double>> quotas = Map.of();

    private ClientQuotaStore(Path file) {
        this.file = file;
    }

    /** An empty store that persists nothing. */
    public static ClientQuotaStore inMemory() {
        return new ClientQuotaStore(null);
    }

    /** Loads the quotas of a data directory (none when the file does not exist yet). */
    public static ClientQuotaStore open(Path dataDir) {
        ClientQuotaStore store = new ClientQuotaStore(dataDir.resolve(FILE));
        Map<ClientQuotaEntity, Map<String, Double>> loaded = new LinkedHashMap<>();
        FieldLines.read(
                store.file,
                n -> n == 3,
                "a client quota",
                f -> loaded.computeIfAbsent(parseEntity(f[0]), e -> new TreeMap<>())
                        .put(f[1], Double.parseDouble(f[2])));
        store.quotas = freeze(loaded);
        return store;
    }

    /** Every entity with its values (immutable). */
    public Map<ClientQuotaEntity, Map<String, Double>> all() {
        return quotas;
    }

    /**
     * Applies changes (entity → key → new value, null to remove) and persists them before they take effect.
     *
     * @throws UncheckedIOException when the file cannot be written; nothing changed then
     */
    public synchronized void apply(Map<ClientQuotaEntity, Map<String, Double>> changes) {
        Map<ClientQuotaEntity, Map<String, Double>> next = new LinkedHashMap<>();
        quotas.forEach((entity, values) -> next.put(entity, new TreeMap<>(values)));
        changes.forEach((entity, values) -> {
            Map<String, Double> current = next.computeIfAbsent(entity, e -> new TreeMap<>());
            values.forEach((key, value) -> {
                if (value == null) {
                    current.remove(key);
                } else {
                    current.put(key, value);
                }
            });
            if (current.isEmpty()) {
                next.remove(entity);
            }
        });
        persist(next);
        quotas = freeze(next);
    }

    private static Map<ClientQuotaEntity, Map<String, Double>> freeze(Map<ClientQuotaEntity, Map<String, Double>> m) {
        Map<ClientQuotaEntity, Map<String, Double>> frozen = new LinkedHashMap<>();
        m.forEach((entity, values) -> frozen.put(entity, Map.copyOf(values)));
        return java.util.Collections.unmodifiableMap(frozen);
    }

    private void persist(Map<ClientQuotaEntity, Map<String, Double>> content) {
        if (file == null) {
            return;
        }
        List<String[]> lines = new ArrayList<>();
        content.forEach((entity, values) -> values.forEach(
                (key, value) -> lines.add(new String[] {formatEntity(entity), key, String.valueOf(value)})));
        FieldLines.write(file, lines);
    }

    private static String formatEntity(ClientQuotaEntity entity) {
        StringBuilder sb = new StringBuilder();
        Base64.Encoder b64 = Base64.getEncoder();
        entity.parts().forEach((type, name) -> {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(type);
            if (name != null) {
                sb.append('=').append(b64.encodeToString(name.getBytes(StandardCharsets.UTF_8)));
            }
        });
        return sb.toString();
    }

    private static ClientQuotaEntity parseEntity(String text) {
        Map<String, String> parts = new HashMap<>();
        Base64.Decoder b64 = Base64.getDecoder();
        for (String part : text.split(",")) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                parts.put(part, null);
            } else {
                parts.put(
                        part.substring(0, eq), new String(b64.decode(part.substring(eq + 1)), StandardCharsets.UTF_8));
            }
        }
        return ClientQuotaEntity.of(parts);
    }
}
