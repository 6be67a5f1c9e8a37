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
package io.skiff.broker.group.common;

import io.skiff.config.BrokerConfig;
import io.skiff.config.ConfigException;
import io.skiff.config.GroupConfig;
import io.skiff.storage.FieldLines;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dynamic configurations of groups (config resource type GROUP: {@code kafka-configs --entity-type groups}), as
 * Kafka 4.1 keeps them apart from the groups themselves: a group id may have a configuration whether or not the group
 * exists, and deleting the group keeps it. Kafka keeps them in its KRaft metadata log; Skiff, like its topic configs
 * and security files, in one file of the data directory, {@code groups/configs}, replaced atomically (temp file,
 * fsync, rename) before a change is acknowledged, so a crash never loses an acknowledged change. One line per key,
 * {@code group-id-base64 key value-base64}, or {@code group-id-base64} alone for a group whose settings were all
 * removed. Without a data directory (unit tests) it lives in memory only.
 *
 * <p>The consumer group coordinator reads a group's session timeout and heartbeat interval here at each heartbeat
 * ({@link #consumerSessionTimeoutMs}, {@link #consumerHeartbeatIntervalMs}).
 *
 * <p>Thread-safe: changes are synchronized and persisted before they are visible; reads are lock-free lookups.
 */
public final class GroupConfigStore {
    private static final Logger LOG = LoggerFactory.getLogger(GroupConfigStore.class);
    static final String FILE = "groups/configs";

    private final Path file;
    private final BrokerConfig broker;
    private final Map<String, GroupConfig> configs = new ConcurrentHashMap<>();

    private GroupConfigStore(Path file, BrokerConfig broker) {
        this.file = file;
        this.broker = broker;
    }

    /** An empty store that persists nothing (tests). */
    public static GroupConfigStore inMemory(BrokerConfig broker) {
        return new GroupConfigStore(null, broker);
    }

    /** Loads the group configs of a data directory (none when the file does not exist yet). */
    public static GroupConfigStore open(Path dataDir, BrokerConfig broker) {
        GroupConfigStore store = new GroupConfigStore(dataDir.resolve(FILE), broker);
        Map<String, Map<String, String>> byGroup = new TreeMap<>();
        Base64.Decoder b64 = Base64.getDecoder();
        FieldLines.read(store.file, n -> n == 1 || n == 3, "a group config", f -> {
            Map<String, String> overrides = byGroup.computeIfAbsent(decode(b64, f[0]), g -> new TreeMap<>());
            if (f.length == 3) {
                overrides.put(f[1], decode(b64, f[2]));
            }
        });
        byGroup.forEach((group, overrides) -> {
            try {
                store.configs.put(group, GroupConfig.of(overrides, broker));
            } catch (ConfigException e) {
                // Written by an earlier version or edited by hand: keep serving with the broker's defaults.
                LOG.warn("Ignoring the stored configuration of group {}: {}", group, e.getMessage());
            }
        });
        return store;
    }

    private static String decode(Base64.Decoder b64, String text) {
        return new String(b64.decode(text), StandardCharsets.UTF_8);
    }

    /** The broker configuration that supplies the defaults and bounds of group configs. */
    public BrokerConfig brokerConfig() {
        return broker;
    }

    /** The group's own settings (empty when it has none). */
    public Map<String, String> overrides(String groupId) {
        GroupConfig config = configs.get(groupId);
        return config == null ? Map.of() : config.overrides();
    }

    /** The group's effective configuration: its settings over the broker's defaults. */
    public GroupConfig config(String groupId) {
        GroupConfig config = configs.get(groupId);
        return config != null ? config : GroupConfig.of(Map.of(), broker);
    }

    /** The ids of the groups that have settings of their own, sorted. */
    public Set<String> groupsWithConfigs() {
        return new TreeSet<>(configs.keySet());
    }

    /**
     * Replaces a group's settings with {@code config}'s (validated by the caller). Persisted before it returns. A
     * group whose settings are all removed stays among {@link #groupsWithConfigs} (with none), as Kafka 4.1 keeps
     * listing it; removing settings from a group that never had any changes nothing.
     *
     * @throws UncheckedIOException when the file cannot be written; nothing changed then
     */
    public synchronized void replace(String groupId, GroupConfig config) {
        if (config.overrides().isEmpty() && !configs.containsKey(groupId)) {
            return;
        }
        Map<String, GroupConfig> next = new TreeMap<>(configs);
        next.put(groupId, config);
        persist(next);
        configs.put(groupId, config);
    }

    /**
     * Forgets every group's settings (SkiffServer.reset()). Persisted before it returns.
     *
     * @throws UncheckedIOException when the file cannot be written; nothing changed then
     */
    public synchronized void clear() {
        if (configs.isEmpty()) {
            return;
        }
        persist(Map.of());
        configs.clear();
    }

    /** The group's own consumer.session.timeout.ms, if it sets one. */
    public OptionalInt consumerSessionTimeoutMs(String groupId) {
        GroupConfig config = configs.get(groupId);
        return config == null ? OptionalInt.empty() : config.consumerSessionTimeoutMs();
    }

    /** The group's own consumer.heartbeat.interval.ms, if it sets one. */
    public OptionalInt consumerHeartbeatIntervalMs(String groupId) {
        GroupConfig config = configs.get(groupId);
        return config == null ? OptionalInt.empty() : config.consumerHeartbeatIntervalMs();
    }

    private void persist(Map<String, GroupConfig> content) {
        if (file == null) {
            return;
        }
        Base64.Encoder b64 = Base64.getEncoder();
        List<String[]> lines = new ArrayList<>();
        content.forEach((group, config) -> {
            String id = b64.encodeToString(group.getBytes(StandardCharsets.UTF_8));
            if (config.overrides().isEmpty()) {
                lines.add(new String[] {id}); // a group whose settings were all removed: still listed
            }
            config.overrides()
                    .forEach((key, value) -> lines.add(
                            new String[] {id, key, b64.encodeToString(value.getBytes(StandardCharsets.UTF_8))}));
        });
        FieldLines.write(file, lines);
    }
}
