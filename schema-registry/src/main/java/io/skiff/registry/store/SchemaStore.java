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
package io.skiff.registry.store;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the {@code _schemas} topic says, in memory: each subject's versions, schemas by id, compatibility and mode
 * settings. Changed only by {@link #apply}, from the replay at start and after each durable append, so memory never
 * holds what the log does not. Not thread-safe: the registry serializes its use.
 */
public final class SchemaStore {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaStore.class);

    private final Map<String, NavigableMap<Integer, SchemaVersion>> subjects = new TreeMap<>();
    private final Map<String, Integer> idByContent = new HashMap<>();
    private final Map<String, String> compatibility = new HashMap<>(); // "" for the global one
    private final Map<String, String> modes = new HashMap<>(); // "" for the global one
    private int maxId;

    /** Applies one record of the topic (value null for a tombstone); records it does not know are skipped. */
    public void apply(byte[] keyBytes, byte[] valueBytes) {
        try {
            JsonObject key = SchemaRecords.parse(keyBytes);
            JsonObject value = valueBytes == null ? null : SchemaRecords.parse(valueBytes);
            String keyType = key.get("keytype").getAsString();
            String subject = string(key.get("subject"));
            switch (keyType) {
                case "SCHEMA" -> applySchema(subject, key.get("version").getAsInt(), value);
                case "CONFIG" ->
                    put(compatibility, subject, value == null ? null : string(value.get("compatibilityLevel")));
                case "MODE" -> put(modes, subject, value == null ? null : string(value.get("mode")));
                case "DELETE_SUBJECT" -> {
                    if (value != null) {
                        int upTo = value.get("version").getAsInt();
                        NavigableMap<Integer, SchemaVersion> versions = subjects.get(subject);
                        if (versions != null) {
                            versions.headMap(upTo, true).replaceAll((v, s) -> s.asDeleted());
                        }
                    }
                }
                default -> {} // NOOP, CLEAR_SUBJECT and later kinds: nothing to keep
            }
        } catch (RuntimeException e) {
            LOG.warn("Skipping a record of the _schemas topic that is not in the registry's format: {}", e.toString());
        }
    }

    private void applySchema(String subject, int version, JsonObject value) {
        if (value == null) {
            NavigableMap<Integer, SchemaVersion> versions = subjects.get(subject);
            if (versions != null) {
                versions.remove(version);
                if (versions.isEmpty()) {
                    subjects.remove(subject);
                }
            }
            return;
        }
        SchemaVersion v = SchemaRecords.readSchema(value);
        subjects.computeIfAbsent(subject, s -> new TreeMap<>()).put(version, v);
        idByContent.putIfAbsent(v.contentKey(), v.id());
        maxId = Math.max(maxId, v.id());
    }

    private static void put(Map<String, String> map, String subject, String value) {
        String key = subject == null ? "" : subject;
        if (value == null) {
            map.remove(key);
        } else {
            map.put(key, value);
        }
    }

    private static String string(JsonElement e) {
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }

    /** Forgets everything, for {@code SkiffServer.reset()} (which deletes the topic too). */
    public void clear() {
        subjects.clear();
        idByContent.clear();
        compatibility.clear();
        modes.clear();
        maxId = 0;
    }

    /** The subject's versions, oldest first, soft-deleted ones only when {@code deleted}. */
    public List<SchemaVersion> versions(String subject, boolean deleted) {
        NavigableMap<Integer, SchemaVersion> versions = subjects.get(subject);
        if (versions == null) {
            return List.of();
        }
        return versions.values().stream().filter(v -> deleted || !v.deleted()).toList();
    }

    public Optional<SchemaVersion> version(String subject, int version) {
        NavigableMap<Integer, SchemaVersion> versions = subjects.get(subject);
        return versions == null ? Optional.empty() : Optional.ofNullable(versions.get(version));
    }

    /** The highest version number the subject ever had that the log still holds (soft-deleted ones too), or 0. */
    public int lastVersionNumber(String subject) {
        NavigableMap<Integer, SchemaVersion> versions = subjects.get(subject);
        return versions == null || versions.isEmpty() ? 0 : versions.lastKey();
    }

    /** Subject names, sorted; those with only soft-deleted versions when {@code deleted}. */
    public List<String> subjects(boolean deleted) {
        List<String> out = new ArrayList<>();
        subjects.forEach((name, versions) -> {
            if (versions.values().stream().anyMatch(v -> deleted || !v.deleted())) {
                out.add(name);
            }
        });
        return out;
    }

    /** Every version that matches, in subject then version order. */
    public List<SchemaVersion> all(Predicate<SchemaVersion> filter) {
        List<SchemaVersion> out = new ArrayList<>();
        subjects.values().forEach(vs -> vs.values().stream().filter(filter).forEach(out::add));
        return out;
    }

    /** The id a schema of this content has or had, if any. */
    public Optional<Integer> idOf(String contentKey) {
        return Optional.ofNullable(idByContent.get(contentKey));
    }

    public int nextId() {
        return maxId + 1;
    }

    /** A subject's compatibility level (null subject: the global one), if set. */
    public Optional<String> compatibility(String subject) {
        return Optional.ofNullable(compatibility.get(subject == null ? "" : subject));
    }

    /** A subject's mode (null subject: the global one), if set. */
    public Optional<String> mode(String subject) {
        return Optional.ofNullable(modes.get(subject == null ? "" : subject));
    }
}
