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
package io.skiff.broker.telemetry;

import io.skiff.config.ConfigEntry;
import io.skiff.config.ConfigSource;
import io.skiff.config.ConfigSynonym;
import io.skiff.config.ConfigType;
import io.skiff.protocol.Errors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One client-metrics subscription (a CLIENT_METRICS config resource, {@code kafka-client-metrics --alter}): which
 * metrics (name prefixes; {@code *} for all), how often ({@code interval.ms}, 100 ms to 1 hour, default 5 minutes), and
 * which clients ({@code match}: {@code selector=regex} pairs over client_instance_id, client_id,
 * client_software_name, client_software_version, client_source_address and client_source_port; none: every client).
 * Validated as Kafka 4.4's {@code ClientMetricsConfigs}, in its order and with its errors.
 *
 * @param name       the subscription (resource) name
 * @param metrics    metric name prefixes
 * @param intervalMs push interval
 * @param match      selector → pattern, all of which a client must fully match
 * @param configs    the configuration as set, key → value
 */
public record ClientMetricsSubscription(
        String name, List<String> metrics, int intervalMs, Map<String, Pattern> match, Map<String, String> configs) {
    public static final String METRICS = "metrics";
    public static final String INTERVAL_MS = "interval.ms";
    public static final String MATCH = "match";
    /** Kafka's ClientMetricsConfigs keys with their documentation, in its order. */
    static final Map<String, String> KEYS = Map.of(
            METRICS, "Telemetry metric name prefix list",
            INTERVAL_MS, "Metrics push interval in milliseconds",
            MATCH, "Client match criteria");

    public static final int DEFAULT_INTERVAL_MS = 300_000;
    static final String ALL_METRICS = "*";
    private static final Set<String> SELECTORS = Set.of(
            "client_instance_id",
            "client_id",
            "client_software_name",
            "client_software_version",
            "client_source_address",
            "client_source_port");

    /** A subscription from its configuration, checked as Kafka checks it. */
    public static ClientMetricsSubscription parse(String name, Map<String, String> configs)
            throws ClientMetricsConfigException {
        if (name == null || name.isEmpty()) {
            throw new ClientMetricsConfigException(Errors.INVALID_REQUEST, "Subscription name can't be empty");
        }
        for (String key : configs.keySet()) {
            if (!KEYS.containsKey(key)) {
                throw new ClientMetricsConfigException(
                        Errors.INVALID_REQUEST, "Unknown client metrics configuration: " + key);
            }
        }
        int intervalMs = DEFAULT_INTERVAL_MS;
        String interval = configs.get(INTERVAL_MS);
        if (interval != null) {
            try {
                intervalMs = Integer.parseInt(interval.trim());
            } catch (NumberFormatException e) {
                throw new ClientMetricsConfigException(
                        Errors.INVALID_CONFIG,
                        "Invalid value " + interval + " for configuration " + INTERVAL_MS
                                + ": Not a number of type INT");
            }
            if (intervalMs < 100 || intervalMs > 3_600_000) {
                throw new ClientMetricsConfigException(
                        Errors.INVALID_REQUEST,
                        "Invalid value " + intervalMs + " for " + INTERVAL_MS
                                + ", interval must be between 100 and 3600000 (1 hour)");
            }
        }
        Map<String, Pattern> match = new LinkedHashMap<>();
        for (String pattern : list(configs.get(MATCH))) {
            String[] pair = pattern.split("=");
            String selector = pair.length == 2 ? pair[0].trim() : null;
            if (selector == null || !SELECTORS.contains(selector)) {
                throw illegalPattern(pattern);
            }
            try {
                match.put(selector, Pattern.compile(pair[1].trim()));
            } catch (PatternSyntaxException e) {
                throw illegalPattern(pattern);
            }
        }
        return new ClientMetricsSubscription(name, list(configs.get(METRICS)), intervalMs, match, Map.copyOf(configs));
    }

    private static ClientMetricsConfigException illegalPattern(String pattern) {
        return new ClientMetricsConfigException(Errors.INVALID_CONFIG, "Illegal client matching pattern: " + pattern);
    }

    /** A Kafka LIST value: comma-separated, trimmed, empty when blank. */
    private static List<String> list(String value) {
        List<String> items = new ArrayList<>();
        if (value == null || value.trim().isEmpty()) {
            return items;
        }
        for (String item : value.split(",")) {
            items.add(item.trim());
        }
        return items;
    }

    /**
     * A subscription's configuration as DescribeConfigs reports it (Kafka 4.4): its three keys by name, each either as
     * set (DYNAMIC_CLIENT_METRICS_CONFIG, itself as its one synonym) or its default (DEFAULT_CONFIG, no synonym).
     */
    public static List<ConfigEntry> describe(Map<String, String> configs) {
        List<ConfigEntry> entries = new ArrayList<>();
        for (String key : List.of(INTERVAL_MS, MATCH, METRICS)) {
            String value = configs.get(key);
            ConfigType type = key.equals(INTERVAL_MS) ? ConfigType.INT : ConfigType.LIST;
            entries.add(
                    value == null
                            ? new ConfigEntry(
                                    key,
                                    key.equals(INTERVAL_MS) ? String.valueOf(DEFAULT_INTERVAL_MS) : "",
                                    ConfigSource.DEFAULT_CONFIG,
                                    false,
                                    false,
                                    type,
                                    KEYS.get(key),
                                    List.of())
                            : new ConfigEntry(
                                    key,
                                    value,
                                    ConfigSource.DYNAMIC_CLIENT_METRICS_CONFIG,
                                    false,
                                    false,
                                    type,
                                    KEYS.get(key),
                                    List.of(new ConfigSynonym(
                                            key, value, ConfigSource.DYNAMIC_CLIENT_METRICS_CONFIG))));
        }
        return entries;
    }

    /** Whether every selector of the subscription matches the client (Kafka's full-string regex match). */
    boolean matches(Map<String, String> client) {
        for (Map.Entry<String, Pattern> e : match.entrySet()) {
            String value = client.get(e.getKey());
            if (value == null || !e.getValue().matcher(value).matches()) {
                return false;
            }
        }
        return true;
    }
}
