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

/**
 * Declares broker keys into a {@link ConfigKeyTable}, handing back each one's typed {@link Key}: the table and the
 * handles come from one declaration per key. The handle's type parameter is the declaring field's
 * ({@code BrokerConfigKeysTest} checks it against the key's {@link ConfigType}).
 *
 * <p>Not thread-safe: used while {@link BrokerConfigKeys} initializes.
 */
final class KeyDeclarations {
    private final ConfigKeyTable.Builder table = ConfigKeyTable.builder();

    /** A key Skiff applies. */
    <T> Key<T> applied(String name, ConfigType type, String defaultValue, Validator validator, String doc) {
        return add(new ConfigKey(name, type, defaultValue, validator, doc, Support.APPLIED, null, List.of()));
    }

    /** A key Skiff applies with a developer-friendly default that differs from Kafka's. */
    <T> Key<T> appliedDev(
            String name, ConfigType type, String defaultValue, String kafkaDefault, Validator validator, String doc) {
        return add(new ConfigKey(name, type, defaultValue, validator, doc, Support.APPLIED, kafkaDefault, List.of()));
    }

    /** A key accepted and described but without effect on a single node. */
    <T> Key<T> accepted(String name, ConfigType type, String defaultValue, Validator validator, String doc) {
        return add(new ConfigKey(name, type, defaultValue, validator, doc, Support.ACCEPTED, null, List.of()));
    }

    /** An accepted key whose default differs from Kafka's to describe a single node truthfully. */
    <T> Key<T> acceptedDev(
            String name, ConfigType type, String defaultValue, String kafkaDefault, Validator validator, String doc) {
        return add(new ConfigKey(name, type, defaultValue, validator, doc, Support.ACCEPTED, kafkaDefault, List.of()));
    }

    /** A key Kafka 4 removed: a config file may still carry it; it is ignored and not described. */
    <T> Key<T> removed(String name, ConfigType type, String defaultValue, String doc) {
        return add(new ConfigKey(name, type, defaultValue, null, doc, Support.REMOVED, null, List.of()));
    }

    ConfigKeyTable build() {
        return table.build();
    }

    private <T> Key<T> add(ConfigKey key) {
        table.add(key);
        return new Key<>(key.name(), key.type());
    }
}
