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
package io.skiff.broker.feature;

import io.skiff.storage.AtomicFiles;
import io.skiff.storage.FieldLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The finalized feature levels set with UpdateFeatures ({@code kafka-features upgrade/downgrade/disable}) and their
 * epoch. Kafka keeps them as FeatureLevelRecords in its metadata log; Skiff keeps them beside its cluster identity
 * ({@code meta.properties}) in the data directory's {@code finalized-features}, replaced atomically (temp file, fsync,
 * rename) before a change is acknowledged. One line per entry: {@code epoch N}, then {@code name level}. Only levels
 * that were changed are stored; the others keep the broker's defaults. Without a data directory (unit tests) nothing
 * is persisted.
 *
 * <p>Not thread-safe: {@link Features} serializes access.
 */
public final class FinalizedFeatureStore {
    static final String FILE = "finalized-features";
    private static final String EPOCH = "epoch";

    private final Path file;
    private final Map<String, Short> levels;
    private final long epoch;

    private FinalizedFeatureStore(Path file, Map<String, Short> levels, long epoch) {
        this.file = file;
        this.levels = levels;
        this.epoch = epoch;
    }

    /** A store that persists nothing, with no level set. */
    public static FinalizedFeatureStore inMemory() {
        return new FinalizedFeatureStore(null, new TreeMap<>(), 0L);
    }

    /** Loads the levels set in a data directory (none when the file does not exist yet). */
    public static FinalizedFeatureStore open(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        Map<String, Short> levels = new TreeMap<>();
        long[] epoch = {0L};
        FieldLines.read(file, n -> n == 2, "'name level'", f -> {
            if (f[0].equals(EPOCH)) {
                epoch[0] = Long.parseLong(f[1]);
            } else {
                levels.put(f[0], Short.parseShort(f[1]));
            }
        });
        return new FinalizedFeatureStore(file, levels, epoch[0]);
    }

    /** The stored level of a feature, or {@code dflt} when it was never changed. */
    short level(String name, short dflt) {
        return levels.getOrDefault(name, dflt);
    }

    /** The epoch of the last change; 0 before the first. */
    long epoch() {
        return epoch;
    }

    /** Returns a store with {@code changes} applied at {@code newEpoch}, written to disk first. */
    FinalizedFeatureStore with(Map<String, Short> changes, long newEpoch) {
        Map<String, Short> next = new TreeMap<>(levels);
        next.putAll(changes);
        if (file != null) {
            StringBuilder sb =
                    new StringBuilder(EPOCH).append(' ').append(newEpoch).append('\n');
            next.forEach(
                    (name, level) -> sb.append(name).append(' ').append(level).append('\n'));
            try {
                AtomicFiles.write(file, sb.toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new FinalizedFeatureStore(file, next, newEpoch);
    }
}
