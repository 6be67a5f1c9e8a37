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
package io.skiff.compat.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.RealKafka;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ConfigKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole DescribeConfigs answer for the broker (its node id, with synonyms) and for the cluster default ({@code ""})
 * of Skiff and of the shared Kafka 4.4, both started with {@link RealKafka#CONFIG}: every key's value, source, type,
 * read-only and sensitive flags and synonyms (source, name, value) must be equal (the documentation is not
 * compared: Skiff words its own). The reviewed differences, each for a reason:
 * <ul>
 *   <li>{@link #WIRING}: the listeners and ports, the data directories' paths and Kafka's KRaft wiring (Skiff runs
 *       without a controller);</li>
 *   <li>Skiff's developer defaults, declared in its key tables beside Kafka's ({@link ConfigKey#kafkaDefault()}): their
 *       DEFAULT_CONFIG synonym, and their value where both report the default;</li>
 *   <li>the keys only Kafka describes, listed in {@code differential/kafka-only-broker-configs.txt}, none of them a
 *       key of Skiff's tables.</li>
 * </ul>
 * Skiff describing a key Kafka does not fails the test.
 */
class BrokerDescribeConfigsDifferentialTest {
    private static final String KAFKA_ONLY = "/differential/kafka-only-broker-configs.txt";

    /** Keys whose every attribute may differ, and why. */
    private static final Map<String, String> WIRING = Map.ofEntries(
            Map.entry("listeners", "ports; Kafka's controller listener"),
            Map.entry("advertised.listeners", "ports; Skiff advertises its listeners unless told"),
            Map.entry("listener.security.protocol.map", "Kafka's maps its CONTROLLER listener"),
            Map.entry("controller.listener.names", "Skiff has no controller listener"),
            Map.entry("controller.quorum.voters", "Skiff has no quorum"),
            Map.entry("inter.broker.listener.name", "one node, no inter-broker listener"),
            Map.entry("process.roles", "Skiff has no KRaft roles"),
            Map.entry("log.dirs", "paths (temporary directories)"),
            Map.entry(
                    "log.dir",
                    "Kafka's default /tmp/kafka-logs; Skiff has none: its log.dirs has the developer default ./data"),
            Map.entry(
                    "transaction.state.log.num.partitions",
                    "SkiffServer.builder() sets 1 for a quick start of the transaction coordinator"));

    private static SkiffServer skiff;

    @BeforeAll
    static void start() {
        SkiffServer.Builder builder = SkiffServer.builder()
                .config("cluster.id", RealKafka.CLUSTER_ID)
                .config("node.id", Integer.toString(RealKafka.NODE_ID));
        // Kafka's metric reporter is a class of this test module that only Kafka's start loads (Skiff's telemetry
        // needs none): metric.reporters is one of the Kafka-only keys
        RealKafka.CONFIG.forEach((k, v) -> {
            if (!k.equals("metric.reporters")) {
                builder.config(k, v);
            }
        });
        skiff = builder.start();
    }

    @AfterAll
    static void stop() {
        if (skiff != null) {
            skiff.close();
        }
    }

    @Test
    void theBrokersWholeAnswerIsKafkas() throws Exception {
        List<String> differences = differences(Integer.toString(RealKafka.NODE_ID));
        assertEquals(List.of(), differences, String.join("\n", differences));
    }

    @Test
    void theClusterDefaultsWholeAnswerIsKafkas() throws Exception {
        List<String> differences = differences("");
        assertEquals(List.of(), differences, String.join("\n", differences));
    }

    private static List<String> differences(String resourceName) throws Exception {
        Map<String, ConfigEntry> onSkiff = describe(skiff.bootstrapServers(), resourceName);
        Map<String, ConfigEntry> onKafka = describe(RealKafka.shared().bootstrapServers(), resourceName);
        Set<String> kafkaOnly = resourceName.isEmpty() ? Set.of() : kafkaOnlyKeys();
        List<String> out = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(onSkiff.keySet());
        keys.addAll(onKafka.keySet());
        keys.addAll(kafkaOnly);
        for (String key : keys) {
            ConfigEntry s = onSkiff.get(key);
            ConfigEntry k = onKafka.get(key);
            if (kafkaOnly.contains(key)) {
                if (s != null || k == null || BrokerConfigKeys.TABLE.get(key) != null) {
                    out.add(key + ": listed as Kafka-only, but Skiff " + (s == null ? "does not" : "does")
                            + " describe it, Kafka " + (k == null ? "does not" : "does")
                            + (BrokerConfigKeys.TABLE.get(key) != null ? ", and Skiff's tables know it" : ""));
                }
            } else if (s == null || k == null) {
                out.add(key + ": only " + (s == null ? "Kafka" : "Skiff") + " describes it: "
                        + render(s == null ? k : s, false));
            } else if (!WIRING.containsKey(key)) {
                boolean developerDefault = kafkaDefault(key) != null;
                String skiffSide = render(s, developerDefault);
                String kafkaSide = render(k, developerDefault);
                if (!skiffSide.equals(kafkaSide)) {
                    out.add(key + ":\n  Skiff " + skiffSide + "\n  Kafka " + kafkaSide);
                }
            }
        }
        return out;
    }

    private static String kafkaDefault(String key) {
        ConfigKey known = BrokerConfigKeys.TABLE.get(key);
        return known == null ? null : known.kafkaDefault();
    }

    /** An entry as compared; {@code developerDefault}: without what Skiff's own default changes. */
    private static String render(ConfigEntry e, boolean developerDefault) {
        boolean defaultValue = developerDefault && e.source() == ConfigEntry.ConfigSource.DEFAULT_CONFIG;
        return "value=" + (defaultValue ? "(default)" : e.value()) + " source=" + e.source() + " type=" + e.type()
                + " readOnly=" + e.isReadOnly() + " sensitive=" + e.isSensitive() + " synonyms="
                + e.synonyms().stream()
                        .filter(y -> !developerDefault || y.source() != ConfigEntry.ConfigSource.DEFAULT_CONFIG)
                        .map(y -> y.source() + ":" + y.name() + "=" + y.value())
                        .toList();
    }

    private static Map<String, ConfigEntry> describe(String bootstrap, String resourceName) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.BROKER, resourceName);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            Map<String, ConfigEntry> entries = new TreeMap<>();
            admin.describeConfigs(List.of(resource), new DescribeConfigsOptions().includeSynonyms(true))
                    .all()
                    .get()
                    .get(resource)
                    .entries()
                    .forEach(e -> entries.put(e.name(), e));
            return entries;
        }
    }

    private static Set<String> kafkaOnlyKeys() throws IOException {
        try (InputStream in = BrokerDescribeConfigsDifferentialTest.class.getResourceAsStream(KAFKA_ONLY)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
