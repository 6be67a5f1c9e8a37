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

import io.skiff.config.ConfigException;
import io.skiff.config.ConfigKey;
import io.skiff.config.ConfigType;
import io.skiff.config.TopicConfig;
import io.skiff.config.TopicConfigKeys;
import java.util.List;
import java.util.Map;

/**
 * Words a rejected topic configuration the way Kafka's controller does in an INVALID_CONFIG answer
 * ({@code Invalid value -5 for configuration retention.ms: Value must be at least -1},
 * {@code Unknown topic config name: foo}), so tools and tests that match Kafka's messages keep working.
 * The config module's own wording is kept where Kafka has no equivalent.
 *
 * <p>Stateless; thread-safe.
 */
public final class TopicConfigErrors {
    private TopicConfigErrors() {}

    /**
     * Kafka's message for {@code e}, thrown while validating the topic overrides {@code configs}.
     */
    public static String message(ConfigException e, Map<String, String> configs) {
        String key = e.key();
        if (key == null) {
            return e.getMessage();
        }
        if (!TopicConfig.isTopicConfig(key)) {
            return "Unknown topic config name: " + key;
        }
        String raw = configs.get(key);
        if (raw == null) {
            return e.getMessage();
        }
        return valueMessage(TopicConfigKeys.TABLE.get(key), raw, e);
    }

    /**
     * Kafka's message for a value {@code raw} of {@code definition} that {@code e} refused ({@code Invalid value abc
     * for configuration log.retention.ms: Not a number of type LONG}); {@code e}'s own message where Kafka has none.
     */
    static String valueMessage(ConfigKey definition, String raw, ConfigException e) {
        String key = definition.name();
        Object value;
        try {
            value = definition.type().parse(key, raw, null);
        } catch (ConfigException parseFailure) {
            return invalid(raw, key, typeMismatch(definition.type()));
        }
        if (definition.validator() == null || definition.validator().accepts(value)) {
            return e.getMessage(); // a cross-key rule (e.g. compaction lags): the config module words it
        }
        String allowed = definition.validator().allowed();
        if (allowed.startsWith("at least ")) {
            return invalid(ConfigType.format(value), key, "Value must be at least " + allowed.substring(9));
        }
        if (allowed.startsWith("between ") && !allowed.contains(", or ") && value instanceof Number n) {
            String[] bounds = allowed.substring(8).split(" and ");
            boolean tooSmall = n.doubleValue() < Double.parseDouble(bounds[0]);
            return invalid(
                    ConfigType.format(value),
                    key,
                    tooSmall ? "Value must be no less than " + bounds[0] : "Value must be no more than " + bounds[1]);
        }
        if (allowed.startsWith("one of ")) {
            return invalid(ConfigType.format(value), key, "String must be one of: " + allowed.substring(7));
        }
        if (allowed.startsWith("a non-empty comma-separated list of ") && value instanceof List<?> items) {
            String choices = allowed.substring("a non-empty comma-separated list of ".length());
            List<String> valid = List.of(choices.split(", "));
            for (Object item : items) {
                if (!valid.contains(item.toString())) {
                    return invalid(item.toString(), key, "String must be one of: " + choices);
                }
            }
        }
        return e.getMessage();
    }

    private static String invalid(String value, String key, String reason) {
        return "Invalid value " + value + " for configuration " + key + ": " + reason;
    }

    private static String typeMismatch(ConfigType type) {
        return switch (type) {
            case BOOLEAN -> "Expected value to be either true or false";
            case INT, SHORT, LONG, DOUBLE -> "Not a number of type " + type.name();
            default -> "Expected value of type " + type.name();
        };
    }
}
