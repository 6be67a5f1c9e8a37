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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The broker keys as DescribeConfigs reports them, with Kafka's sources and synonyms: a broker resource's entries,
 * and the broker synonyms of a topic key (a topic's default comes from them).
 *
 * <p>Stateless; thread-safe.
 */
final class BrokerConfigDescription {
    private static final ConfigKeyTable TABLE = BrokerConfigKeys.TABLE;
    private static final Set<String> SKIFF_OWN = Set.of(
            BrokerConfigKeys.CLUSTER_ID.name(),
            BrokerConfigKeys.CONSOLE_LISTENER.name(),
            BrokerConfigKeys.SCHEMA_REGISTRY_LISTENER.name(),
            BrokerConfigKeys.SCHEMA_REGISTRY_AUTHENTICATION_METHOD.name());
    private static final Set<String> AUTHORIZER_KEYS =
            Set.of(BrokerConfigKeys.SUPER_USERS.name(), BrokerConfigKeys.ALLOW_EVERYONE_IF_NO_ACL_FOUND.name());

    private BrokerConfigDescription() {}

    static List<ConfigEntry> describe(BrokerConfig config) {
        Map<String, List<BrokerSynonym>> chains = new HashMap<>();
        for (ConfigKey topicKey : TopicConfigKeys.TABLE.keys()) {
            List<BrokerSynonym> chain = topicKey.brokerSynonyms();
            if (chain.size() > 1) {
                chains.put(chain.get(0).name(), chain);
            }
        }
        List<ConfigEntry> entries = new ArrayList<>();
        for (ConfigKey key : TABLE.keys()) {
            if (!described(config, key)) {
                continue;
            }
            List<BrokerSynonym> chain = chains.getOrDefault(key.name(), List.of(BrokerSynonym.same(key.name())));
            List<ConfigSynonym> synonyms = new ArrayList<>(synonyms(config, chain, key.sensitive()));
            Object value = chains.containsKey(key.name()) ? config.effective(chain) : config.value(key.name());
            String mirrored = mirroredId(key.name());
            if (mirrored != null && !config.isSet(key.name())) {
                // Kafka copies whichever of node.id and broker.id is given to the other (and requires node.id, which
                // Skiff's default stands for): both show the node id.
                value = config.nodeId();
                if (config.isSet(mirrored)) {
                    synonyms.add(
                            0,
                            new ConfigSynonym(key.name(), ConfigType.format(value), ConfigSource.STATIC_BROKER_CONFIG));
                }
            }
            ConfigSource source = synonyms.isEmpty()
                    ? ConfigSource.DEFAULT_CONFIG
                    : synonyms.get(0).source();
            entries.add(new ConfigEntry(
                    key.name(),
                    key.sensitive() ? null : ConfigType.format(value),
                    source,
                    true,
                    key.sensitive(),
                    key.type(),
                    key.documentation(),
                    synonyms));
        }
        return entries;
    }

    /**
     * Whether DescribeConfigs lists {@code key}: not when Kafka removed it or it is Skiff's own (a Kafka tool would
     * not know it); the authorizer's keys, which Kafka's broker configuration does not define, only when given (as
     * Kafka lists every key of its properties file).
     */
    static boolean described(BrokerConfig config, ConfigKey key) {
        if (key.support() == Support.REMOVED || key.name().startsWith("skiff.") || SKIFF_OWN.contains(key.name())) {
            return false;
        }
        return !AUTHORIZER_KEYS.contains(key.name()) || config.isSet(key.name());
    }

    /** The other of node.id and broker.id, or null for any other key. */
    private static String mirroredId(String key) {
        return switch (key) {
            case "node.id" -> "broker.id";
            case "broker.id" -> "node.id";
            default -> null;
        };
    }

    /**
     * A topic key's broker synonyms as Kafka reports them: every key of the chain that is set, then the default of
     * the chain's first key only (Kafka 4.1 shows no default for {@code log.retention.hours} under retention.ms,
     * whose first synonym {@code log.retention.ms} has none).
     */
    static List<ConfigSynonym> synonymsOfTopicKey(BrokerConfig config, List<BrokerSynonym> chain) {
        List<ConfigSynonym> synonyms = new ArrayList<>(synonyms(config, chain, false));
        synonyms.removeIf(s -> s.source() == ConfigSource.DEFAULT_CONFIG
                && !s.name().equals(chain.get(0).name()));
        return synonyms;
    }

    /** Static-then-default synonyms of a chain of broker keys, each in its own unit. */
    private static List<ConfigSynonym> synonyms(BrokerConfig config, List<BrokerSynonym> chain, boolean sensitive) {
        List<ConfigSynonym> synonyms = new ArrayList<>();
        for (BrokerSynonym s : chain) {
            if (config.isSet(s.name()) && TABLE.contains(s.name())) {
                synonyms.add(new ConfigSynonym(
                        s.name(),
                        sensitive ? null : ConfigType.format(config.value(s.name())),
                        ConfigSource.STATIC_BROKER_CONFIG));
            }
        }
        for (BrokerSynonym s : chain) {
            ConfigKey key = TABLE.get(s.name());
            if (key != null && key.defaultValue() != null) {
                synonyms.add(new ConfigSynonym(
                        s.name(),
                        sensitive ? null : ConfigType.format(key.parsedDefault()),
                        ConfigSource.DEFAULT_CONFIG));
            }
        }
        return synonyms;
    }
}
