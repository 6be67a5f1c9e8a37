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
package io.skiff.config;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An ordered set of {@link ConfigKey} definitions and the parsing of raw text values against it.
 *
 * <p>Thread-safety: immutable after {@link Builder#build()}; safe to share.
 */
public final class ConfigKeyTable {
    private final Map<String, ConfigKey> keys;

    private ConfigKeyTable(Map<String, ConfigKey> keys) {
        this.keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
    }

    /** Every key in definition order. */
    public Collection<ConfigKey> keys() {
        return keys.values();
    }

    /** The definition of {@code name}, or null. */
    public ConfigKey get(String name) {
        return keys.get(name);
    }

    public boolean contains(String name) {
        return keys.containsKey(name);
    }

    /**
     * The given overrides of a resource (a topic, a group), sorted by key, without null values (absent); a key not
     * in the table is refused with {@code unknownMessage} of it.
     *
     * @throws ConfigException for the first unknown key, in key order
     */
    public Map<String, String> overrides(Map<String, String> given, Function<String, String> unknownMessage) {
        Map<String, String> present = new TreeMap<>();
        given.forEach((k, v) -> {
            if (v != null) {
                present.put(k, v);
            }
        });
        for (String key : present.keySet()) {
            if (!keys.containsKey(key)) {
                throw new ConfigException(key, unknownMessage.apply(key));
            }
        }
        return present;
    }

    /**
     * Parses and validates {@code raw}: the result maps every defined key to its typed value (the
     * default, possibly null, when not given). Keys not in the table go to {@code unknownKey},
     * once each, and are left out of the result.
     *
     * @param origins where each raw value came from, for error messages (entries may be missing)
     * @throws ConfigException for the first bad value
     */
    public Map<String, Object> parse(
            Map<String, String> raw, Map<String, String> origins, Consumer<String> unknownKey) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (ConfigKey key : keys.values()) {
            values.put(key.name(), key.parsedDefault());
        }
        for (Map.Entry<String, String> e : raw.entrySet()) {
            ConfigKey key = keys.get(e.getKey());
            if (key == null) {
                unknownKey.accept(e.getKey());
                continue;
            }
            if (e.getValue() == null) {
                continue;
            }
            values.put(key.name(), key.parse(e.getValue(), origins.get(e.getKey())));
        }
        return values;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects definitions; a name defined twice is a programming error. */
    public static final class Builder {
        private final Map<String, ConfigKey> keys = new LinkedHashMap<>();

        private Builder() {}

        public Builder add(ConfigKey key) {
            if (keys.putIfAbsent(key.name(), key) != null) {
                throw new IllegalStateException("config key defined twice: " + key.name());
            }
            return this;
        }

        /** A topic key; its default comes from the first broker synonym that is set. */
        public Builder topic(
                String name,
                ConfigType type,
                String defaultValue,
                Validator validator,
                Support support,
                String doc,
                BrokerSynonym... synonyms) {
            return add(new ConfigKey(name, type, defaultValue, validator, doc, support, null, List.of(synonyms)));
        }

        public ConfigKeyTable build() {
            return new ConfigKeyTable(keys);
        }
    }
}
