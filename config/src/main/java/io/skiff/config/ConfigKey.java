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

import java.util.List;
import java.util.Objects;

/**
 * The definition of one configuration key: its name, type, default, validator, documentation,
 * whether Skiff acts on it and, for a topic key, the broker keys that supply its default.
 *
 * <p>Thread-safety: immutable.
 *
 * @param name           the key, as Kafka spells it
 * @param type           value type
 * @param defaultValue   default as text (parsed with {@code type}), or null when unset by default
 * @param validator      check for set values, or null for any value of the type
 * @param documentation  one-paragraph description (our own words)
 * @param support        whether Skiff acts on it
 * @param kafkaDefault   Apache Kafka's default when Skiff deliberately differs, else null
 * @param brokerSynonyms for a topic key: broker keys in precedence order whose value becomes the
 *                       topic default (Kafka's table); empty for broker keys and topic keys without one
 */
public record ConfigKey(
        String name,
        ConfigType type,
        String defaultValue,
        Validator validator,
        String documentation,
        Support support,
        String kafkaDefault,
        List<BrokerSynonym> brokerSynonyms) {

    public ConfigKey {
        Objects.requireNonNull(name);
        Objects.requireNonNull(type);
        Objects.requireNonNull(documentation);
        Objects.requireNonNull(support);
        brokerSynonyms = List.copyOf(brokerSynonyms);
    }

    /** The parsed default, or null. */
    public Object parsedDefault() {
        return defaultValue == null ? null : type.parse(name, defaultValue, "default");
    }

    /** True for passwords: never shown. */
    public boolean sensitive() {
        return type == ConfigType.PASSWORD;
    }

    /** Parses and validates one raw value. */
    public Object parse(String raw, String origin) {
        Object value = type.parse(name, raw, origin);
        if (validator != null) {
            validator.ensureValid(name, value, origin);
        }
        return value;
    }
}
