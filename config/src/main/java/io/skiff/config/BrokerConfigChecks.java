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

import java.util.Map;

/**
 * The checks across broker keys that one key's validator cannot make (a value between two others, a minimum no
 * larger than its maximum), with Kafka's messages where Kafka makes them, and the cleaner settings that would stop
 * a cleaner thread at its first cleaning.
 *
 * <p>Runs once, while a {@link BrokerConfig} is built.
 */
final class BrokerConfigChecks {
    private final Map<String, Object> values;

    /** @param values every broker key's parsed value */
    BrokerConfigChecks(Map<String, Object> values) {
        this.values = values;
    }

    /** Runs every check, in Kafka's order where Kafka has them. */
    void run() {
        if (integer("group.min.session.timeout.ms") > integer("group.max.session.timeout.ms")) {
            throw new ConfigException(
                    "group.min.session.timeout.ms",
                    "group.min.session.timeout.ms ("
                            + integer("group.min.session.timeout.ms")
                            + ") must not exceed group.max.session.timeout.ms ("
                            + integer("group.max.session.timeout.ms") + ")");
        }
        validateCleaner();
        requireWithin(
                "group.consumer.session.timeout.ms",
                "group.consumer.min.session.timeout.ms",
                "group.consumer.max.session.timeout.ms");
        requireWithin(
                "group.consumer.heartbeat.interval.ms",
                "group.consumer.min.heartbeat.interval.ms",
                "group.consumer.max.heartbeat.interval.ms");
        if (integer("group.consumer.heartbeat.interval.ms") >= integer("group.consumer.session.timeout.ms")) {
            throw new ConfigException(
                    "group.consumer.heartbeat.interval.ms",
                    "group.consumer.heartbeat.interval.ms (" + integer("group.consumer.heartbeat.interval.ms")
                            + ") must be less than group.consumer.session.timeout.ms ("
                            + integer("group.consumer.session.timeout.ms") + ")");
        }
        validateShareGroups();
    }

    /**
     * Kafka 4.4's checks of the group.share.* keys, in its order and with its messages (GroupCoordinatorConfig, then
     * ShareGroupConfig): each value within its min and max keys, the heartbeat below the session timeout, at least
     * as many share sessions as members of one group.
     */
    private void validateShareGroups() {
        String p = "group.share.";
        requireOrdered(p + "max.heartbeat.interval.ms", p + "min.heartbeat.interval.ms", false);
        requireOrdered(p + "heartbeat.interval.ms", p + "min.heartbeat.interval.ms", false);
        requireOrdered(p + "max.heartbeat.interval.ms", p + "heartbeat.interval.ms", true);
        requireOrdered(p + "max.session.timeout.ms", p + "min.session.timeout.ms", false);
        requireOrdered(p + "session.timeout.ms", p + "min.session.timeout.ms", false);
        requireOrdered(p + "max.session.timeout.ms", p + "session.timeout.ms", true);
        if (integer(p + "heartbeat.interval.ms") >= integer(p + "session.timeout.ms")) {
            throw new ConfigException(
                    p + "heartbeat.interval.ms",
                    p + "heartbeat.interval.ms must be less than " + p + "session.timeout.ms");
        }
        requireOrdered(p + "max.assignment.interval.ms", p + "min.assignment.interval.ms", false);
        requireOrdered(p + "assignment.interval.ms", p + "min.assignment.interval.ms", false);
        requireOrdered(p + "max.assignment.interval.ms", p + "assignment.interval.ms", true);
        requireOrdered(p + "max.delivery.count.limit", p + "delivery.count.limit", false);
        requireOrdered(p + "delivery.count.limit", p + "min.delivery.count.limit", false);
        requireOrdered(p + "max.partition.max.record.locks", p + "partition.max.record.locks", false);
        requireOrdered(p + "partition.max.record.locks", p + "min.partition.max.record.locks", false);
        requireOrdered(p + "record.lock.duration.ms", p + "min.record.lock.duration.ms", false);
        requireOrdered(p + "max.record.lock.duration.ms", p + "record.lock.duration.ms", false);
        requireOrdered(p + "max.share.sessions", p + "max.size", false);
    }

    /**
     * {@code larger >= smaller}, refused with Kafka's message ("a must be greater than or equal to b", or, worded
     * from the smaller key, "b must be less than or equal to a").
     */
    private void requireOrdered(String larger, String smaller, boolean wordedFromSmaller) {
        if (integer(larger) >= integer(smaller)) {
            return;
        }
        throw wordedFromSmaller
                ? new ConfigException(smaller, smaller + " must be less than or equal to " + larger)
                : new ConfigException(larger, larger + " must be greater than or equal to " + smaller);
    }

    /** The cleaner keys Kafka leaves unchecked but that would stop a cleaner thread at its first cleaning. */
    private void validateCleaner() {
        long perThread = longValue("log.cleaner.dedupe.buffer.size") / Math.max(1, integer("log.cleaner.threads"));
        if (perThread < 1024) {
            throw new ConfigException(
                    "log.cleaner.dedupe.buffer.size",
                    "log.cleaner.dedupe.buffer.size (" + longValue("log.cleaner.dedupe.buffer.size")
                            + ") must give each of the " + integer("log.cleaner.threads")
                            + " log.cleaner.threads at least 1024 bytes");
        }
        double loadFactor = doubleValue("log.cleaner.io.buffer.load.factor");
        if (!(loadFactor > 0 && loadFactor <= 1)) {
            throw new ConfigException(
                    "log.cleaner.io.buffer.load.factor",
                    "log.cleaner.io.buffer.load.factor (" + loadFactor + ") must be in (0, 1]");
        }
        if (!(doubleValue("log.cleaner.io.max.bytes.per.second") > 0)) {
            throw new ConfigException(
                    "log.cleaner.io.max.bytes.per.second",
                    "log.cleaner.io.max.bytes.per.second (" + doubleValue("log.cleaner.io.max.bytes.per.second")
                            + ") must be positive");
        }
    }

    /** Kafka's bounds check of a group.consumer.* value against its min and max keys. */
    private void requireWithin(String key, String minKey, String maxKey) {
        int value = integer(key);
        int min = integer(minKey);
        int max = integer(maxKey);
        if (min > max) {
            throw new ConfigException(minKey, minKey + " (" + min + ") must not exceed " + maxKey + " (" + max + ")");
        }
        if (value < min || value > max) {
            throw new ConfigException(
                    key,
                    key + " (" + value + ") must be between " + minKey + " (" + min + ") and " + maxKey + " (" + max
                            + ")");
        }
    }

    private int integer(String key) {
        return ((Number) values.get(key)).intValue();
    }

    private long longValue(String key) {
        return ((Number) values.get(key)).longValue();
    }

    private double doubleValue(String key) {
        return ((Number) values.get(key)).doubleValue();
    }
}
