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
package io.skiff.broker.handler;

import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigException;
import io.skiff.config.ConfigKey;
import io.skiff.config.DynamicBrokerKeys;
import io.skiff.protocol.Errors;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Kafka 4.4's checks of a change to a BROKER resource ({@code DynamicBrokerConfig.validateConfigs}), in its order, on
 * the keys the change sets (deleting any key is allowed), each failing with INVALID_REQUEST and Kafka's words:
 * <ol>
 *   <li>a key of the broker configuration that is not dynamic → "Cannot update these configs dynamically: [k]";</li>
 *   <li>an SSL keystore/truststore key without a listener prefix → "These security configs can be dynamically updated
 *       only per-listener using the listener prefix: [k]";</li>
 *   <li>a value its key refuses → "Invalid value v for configuration k: ..." (a listener-prefixed key is checked as
 *       its base key);</li>
 *   <li>at the cluster default (resource {@code ""}), a key only a broker may set → "Cannot update these configs at
 *       default cluster level, broker id must be specified: [k]".</li>
 * </ol>
 * Keys outside Kafka's broker configuration pass, as in Kafka, which stores them.
 *
 * <p>Stateless; thread-safe.
 */
final class DynamicBrokerConfigChecks {
    private DynamicBrokerConfigChecks() {}

    /** NONE when a change setting {@code set} (key → new value) may apply to this broker or the cluster default. */
    static ResourceError check(Map<String, String> set, boolean perBroker) {
        ResourceError refused = refuse(set, DynamicBrokerKeys::isStaticOnly, "Cannot update these configs dynamically");
        if (refused == null) {
            refused = refuse(
                    set,
                    DynamicBrokerKeys::needsListenerPrefix,
                    "These security configs can be dynamically updated only per-listener using the listener prefix");
        }
        if (refused == null) {
            refused = badValue(set);
        }
        if (refused == null && !perBroker) {
            refused = refuse(
                    set,
                    DynamicBrokerKeys::isPerBrokerOnly,
                    "Cannot update these configs at default cluster level, broker id must be specified");
        }
        return refused == null ? ResourceError.NONE : refused;
    }

    /** Kafka lists the keys as a Java HashSet prints them. */
    private static ResourceError refuse(Map<String, String> set, Predicate<String> refused, String why) {
        List<String> keys = new ArrayList<>();
        for (String key : set.keySet()) {
            if (refused.test(key)) {
                keys.add(key);
            }
        }
        return keys.isEmpty() ? null : ResourceError.of(Errors.INVALID_REQUEST, why + ": " + new HashSet<>(keys));
    }

    private static ResourceError badValue(Map<String, String> set) {
        for (Map.Entry<String, String> e : set.entrySet()) {
            ConfigKey definition = BrokerConfigKeys.TABLE.get(DynamicBrokerKeys.withoutListenerPrefix(e.getKey()));
            if (definition == null) {
                continue;
            }
            try {
                definition.parse(e.getValue(), null);
            } catch (ConfigException refused) {
                return ResourceError.of(
                        Errors.INVALID_REQUEST, TopicConfigErrors.valueMessage(definition, e.getValue(), refused));
            }
        }
        return null;
    }
}
