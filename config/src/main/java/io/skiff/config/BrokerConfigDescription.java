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
import java.util.TreeMap;

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
        Map<String, List<BrokerSynonym>> chains = chainsByMember();
        List<ConfigEntry> entries = new ArrayList<>();
        for (ConfigKey key : TABLE.keys()) {
            if (!described(config, key)) {
                continue;
            }
            List<BrokerSynonym> chain = chains.getOrDefault(key.name(), List.of(BrokerSynonym.same(key.name())));
            List<ConfigSynonym> synonyms = fromOwn(key.name(), synonyms(config, chain, key.sensitive()));
            // The key's own value, null when neither it nor a default sets it: Kafka derives log.retention.ms from
            // log.retention.hours where it uses it, not where it describes it.
            Object value = config.value(key.name());
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
                    !DynamicBrokerKeys.isDynamic(key.name()),
                    key.sensitive(),
                    key.type(),
                    key.documentation(),
                    synonyms));
        }
        Map<String, String> unknown = new TreeMap<>(config.layer(ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG));
        unknown.putAll(config.layer(ConfigSource.DYNAMIC_BROKER_CONFIG));
        unknown.keySet().removeIf(TABLE::contains);
        for (String name : unknown.keySet()) {
            entries.add(untabled(config, name));
        }
        return entries;
    }

    /**
     * Each broker key of a fallback chain (log.retention.ms, .minutes, .hours; log.roll.ms, .hours; ...), as the topic
     * keys name them, to its whole chain: Kafka looks for the synonyms of any of them along the whole chain.
     */
    private static Map<String, List<BrokerSynonym>> chainsByMember() {
        Map<String, List<BrokerSynonym>> chains = new HashMap<>();
        for (ConfigKey topicKey : TopicConfigKeys.TABLE.keys()) {
            List<BrokerSynonym> chain = topicKey.brokerSynonyms();
            if (chain.size() > 1) {
                chain.forEach(member -> chains.put(member.name(), chain));
            }
        }
        return chains;
    }

    /**
     * The synonyms from the first one that names {@code name} on (Kafka's {@code dropWhile}): those of the keys before
     * it in its chain are not its own, and without one of its own there is none at all (log.retention.ms unset shows
     * no synonym, even though log.retention.hours has a default).
     */
    private static List<ConfigSynonym> fromOwn(String name, List<ConfigSynonym> synonyms) {
        for (int i = 0; i < synonyms.size(); i++) {
            if (synonyms.get(i).name().equals(name)) {
                return new ArrayList<>(synonyms.subList(i, synonyms.size()));
            }
        }
        return new ArrayList<>();
    }

    /**
     * A dynamic key outside the table, as Kafka shows it: read-only; a listener-prefixed key typed as its base key,
     * with the base key's static and default synonyms after its own; any other key of unknown type and sensitive.
     */
    private static ConfigEntry untabled(BrokerConfig config, String name) {
        ConfigKey base = TABLE.get(DynamicBrokerKeys.withoutListenerPrefix(name));
        boolean sensitive = base == null || base.sensitive();
        List<ConfigSynonym> synonyms = new ArrayList<>();
        for (ConfigSource layer : DYNAMIC_LAYERS) {
            if (config.layer(layer).containsKey(name)) {
                synonyms.add(new ConfigSynonym(
                        name, sensitive ? null : config.layer(layer).get(name), layer));
            }
        }
        if (base != null) {
            synonyms.addAll(synonyms(config, List.of(BrokerSynonym.same(base.name())), sensitive).stream()
                    .filter(s -> s.source() != ConfigSource.DYNAMIC_BROKER_CONFIG
                            && s.source() != ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG)
                    .toList());
        }
        return new ConfigEntry(
                name,
                synonyms.get(0).value(),
                synonyms.get(0).source(),
                true,
                sensitive,
                base == null ? ConfigType.UNKNOWN : base.type(),
                base == null ? null : base.documentation(),
                synonyms);
    }

    /**
     * The resource {@code ""}: each key of the cluster default, its one synonym itself (as Kafka 4.4 answers); read-only
     * unless dynamic, unknown keys sensitive.
     */
    static List<ConfigEntry> describeClusterDefault(BrokerConfig config) {
        List<ConfigEntry> entries = new ArrayList<>();
        new TreeMap<>(config.layer(ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG)).forEach((name, raw) -> {
            ConfigKey key = TABLE.get(DynamicBrokerKeys.withoutListenerPrefix(name));
            boolean sensitive = key == null || key.sensitive();
            String value = sensitive ? null : key.name().equals(name) ? formatted(key, raw) : raw;
            entries.add(new ConfigEntry(
                    name,
                    value,
                    ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG,
                    !DynamicBrokerKeys.isDynamic(name),
                    sensitive,
                    key == null ? ConfigType.UNKNOWN : key.type(),
                    key == null ? null : key.documentation(),
                    List.of(new ConfigSynonym(name, value, ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG))));
        });
        return entries;
    }

    private static final List<ConfigSource> DYNAMIC_LAYERS =
            List.of(ConfigSource.DYNAMIC_BROKER_CONFIG, ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG);
    private static final List<ConfigSource> SET_LAYERS = List.of(
            ConfigSource.DYNAMIC_BROKER_CONFIG,
            ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG,
            ConfigSource.STATIC_BROKER_CONFIG);

    /** A raw value as DescribeConfigs shows it (parsed by the key's type, then formatted); as given if it fails. */
    private static String formatted(ConfigKey key, String raw) {
        try {
            return ConfigType.format(key.type().parse(key.name(), raw, null));
        } catch (ConfigException e) {
            return raw;
        }
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
     * A topic key's broker synonyms as Kafka 4.4 reports them: the chain's synonyms from the first one that names the
     * chain's first key on (Kafka's {@code dropWhile}): with only {@code log.retention.hours} set, retention.ms has no
     * synonym and its source is DEFAULT_CONFIG; with {@code log.retention.ms} set dynamically, the synonyms are that
     * value, then the static and default {@code log.retention.hours}.
     */
    static List<ConfigSynonym> synonymsOfTopicKey(BrokerConfig config, List<BrokerSynonym> chain) {
        return fromOwn(chain.get(0).name(), synonyms(config, chain, false));
    }

    /**
     * The synonyms of a chain of broker keys, each in its own unit, as Kafka orders them: every key of the chain set
     * for this broker, then in the cluster default, then statically, then the defaults.
     */
    private static List<ConfigSynonym> synonyms(BrokerConfig config, List<BrokerSynonym> chain, boolean sensitive) {
        List<ConfigSynonym> synonyms = new ArrayList<>();
        for (ConfigSource layer : SET_LAYERS) {
            for (BrokerSynonym s : chain) {
                String raw = config.layer(layer).get(s.name());
                if (raw != null && TABLE.contains(s.name())) {
                    synonyms.add(
                            new ConfigSynonym(s.name(), sensitive ? null : formatted(TABLE.get(s.name()), raw), layer));
                }
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
