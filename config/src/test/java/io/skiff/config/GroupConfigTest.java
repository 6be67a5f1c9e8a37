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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Kafka 4.1's GroupConfig: its keys, defaults from the broker, and its messages (recorded from Kafka 4.1.1). */
class GroupConfigTest {
    private final BrokerConfig broker = BrokerConfig.defaults();

    private String rejected(Map<String, String> overrides) {
        return assertThrows(ConfigException.class, () -> GroupConfig.validate(overrides, broker))
                .getMessage();
    }

    /** Each override Kafka refuses, with the message Kafka gives, against the broker's default config. */
    static Stream<Arguments> refusedOverrides() {
        return Stream.of(
                refused("Unknown group config name: foo.bar", "foo.bar", "1"),
                refused(
                        "Invalid value abc for configuration consumer.heartbeat.interval.ms: Not a number of type INT",
                        "consumer.heartbeat.interval.ms",
                        "abc"),
                refused(
                        "Invalid value 0 for configuration consumer.heartbeat.interval.ms: Value must be at least 1",
                        "consumer.heartbeat.interval.ms",
                        "0"),
                refused(
                        "Invalid value READ_COMMITTED for configuration share.isolation.level: String must be one of:"
                                + " read_committed, read_uncommitted",
                        "share.isolation.level",
                        "READ_COMMITTED"),
                refused(
                        "Invalid value by_duration:-PT1H for configuration share.auto.offset.reset: Invalid value"
                                + " `by_duration:-PT1H` for configuration share.auto.offset.reset. The value must be"
                                + " either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.",
                        "share.auto.offset.reset",
                        "by_duration:-PT1H"),
                // consumer keys are bounded by the broker's group.consumer keys
                refused(
                        "consumer.heartbeat.interval.ms must be in the range 100 to 15000 inclusive.",
                        "consumer.heartbeat.interval.ms",
                        "99"),
                refused(
                        "consumer.heartbeat.interval.ms must be in the range 100 to 15000 inclusive.",
                        "consumer.heartbeat.interval.ms",
                        "15001"),
                refused(
                        "consumer.session.timeout.ms must be in the range 1000 to 60000 inclusive.",
                        "consumer.session.timeout.ms",
                        "999"),
                refused(
                        "consumer.session.timeout.ms must be in the range 1000 to 60000 inclusive.",
                        "consumer.session.timeout.ms",
                        "60001"),
                Arguments.of(
                        "consumer.session.timeout.ms must be greater than consumer.heartbeat.interval.ms",
                        Map.of("consumer.session.timeout.ms", "2000", "consumer.heartbeat.interval.ms", "2000")),
                refused(
                        "streams.num.standby.replicas must be less than or equal to 2",
                        "streams.num.standby.replicas",
                        "3"),
                refused(
                        "streams.assignor.name 'foo' is not a registered task assignor. Registered assignors are:"
                                + " [sticky].",
                        "streams.assignor.name",
                        "foo"),
                // share keys are bounded by the broker's group.share keys
                refused(
                        "share.record.lock.duration.ms must be in the range 15000 to 60000 inclusive.",
                        "share.record.lock.duration.ms",
                        "1000"),
                refused(
                        "share.delivery.count.limit must be in the range 2 to 10 inclusive.",
                        "share.delivery.count.limit",
                        "11"),
                refused(
                        "share.partition.max.record.locks must be in the range 100 to 4000 inclusive.",
                        "share.partition.max.record.locks",
                        "5000"));
    }

    private static Arguments refused(String message, String key, String value) {
        return Arguments.of(message, Map.of(key, value));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("refusedOverrides")
    void refusesWithKafkasMessage(String message, Map<String, String> overrides) {
        assertEquals(message, rejected(overrides));
    }

    @Test
    void acceptedValuesAreParsedAsKafkaParsesThem() {
        GroupConfig.validate(Map.of("share.auto.offset.reset", "by_duration:PT1H"), broker);
        assertEquals(
                6000,
                GroupConfig.validate(Map.of("consumer.heartbeat.interval.ms", " +6000 "), broker)
                        .value("consumer.heartbeat.interval.ms"));
    }

    @Test
    void theBrokersMinimumHeartbeatIntervalBoundsTheGroupsKey() {
        BrokerConfig strict = BrokerConfig.of(Map.of(
                "group.consumer.min.heartbeat.interval.ms", "5000", "group.consumer.heartbeat.interval.ms", "5000"));
        assertEquals(
                "consumer.heartbeat.interval.ms must be in the range 5000 to 15000 inclusive.",
                assertThrows(
                                ConfigException.class,
                                () -> GroupConfig.validate(Map.of("consumer.heartbeat.interval.ms", "4000"), strict))
                        .getMessage());
    }

    @Test
    void describesEveryKeyWithItsSourceAsKafkaDoes() {
        GroupConfig config = GroupConfig.validate(Map.of("consumer.session.timeout.ms", "50000"), broker);
        List<ConfigEntry> entries = config.describe();
        assertEquals(21, entries.size(), "Kafka 4.4's group keys but its internal ones");
        ConfigEntry session = entries.get(0);
        assertEquals("consumer.session.timeout.ms", session.name());
        assertEquals("50000", session.value());
        assertEquals(ConfigSource.DYNAMIC_GROUP_CONFIG, session.source());
        assertEquals(
                List.of(
                        new ConfigSynonym("consumer.session.timeout.ms", "50000", ConfigSource.DYNAMIC_GROUP_CONFIG),
                        new ConfigSynonym("group.consumer.session.timeout.ms", "45000", ConfigSource.DEFAULT_CONFIG)),
                session.synonyms());
        ConfigEntry heartbeat = entries.get(1);
        assertEquals("500", heartbeat.value(), "Skiff's group.consumer.heartbeat.interval.ms");
        assertEquals(ConfigSource.DEFAULT_CONFIG, heartbeat.source());
        assertEquals(
                List.of(new ConfigSynonym("group.consumer.heartbeat.interval.ms", "500", ConfigSource.DEFAULT_CONFIG)),
                heartbeat.synonyms());
        ConfigEntry assignor = entry(entries, "streams.assignor.name");
        assertEquals("sticky", assignor.value());
        assertEquals(
                List.of(new ConfigSynonym("group.streams.assignors", "sticky", ConfigSource.DEFAULT_CONFIG)),
                assignor.synonyms());
        ConfigEntry reset = entry(entries, "share.auto.offset.reset");
        assertEquals("latest", reset.value());
        assertEquals(
                List.of(new ConfigSynonym("share.auto.offset.reset", "latest", ConfigSource.DEFAULT_CONFIG)),
                reset.synonyms(),
                "a key without a broker key is its own synonym");
        assertEquals("", entry(entries, "streams.rack.aware.assignment.tags").value());
        List<ConfigEntry> withLag = GroupConfig.validate(Map.of("streams.acceptable.recovery.lag", "5"), broker)
                .describe();
        assertEquals(22, withLag.size(), "an internal key is described once set, as Kafka 4.4 does");
        assertEquals(
                List.of(
                        new ConfigSynonym("streams.acceptable.recovery.lag", "5", ConfigSource.DYNAMIC_GROUP_CONFIG),
                        new ConfigSynonym(
                                "group.streams.acceptable.recovery.lag", "10000", ConfigSource.DEFAULT_CONFIG)),
                entry(withLag, "streams.acceptable.recovery.lag").synonyms());
        assertEquals(OptionalInt.of(50000), config.consumerSessionTimeoutMs());
        assertEquals(OptionalInt.empty(), config.consumerHeartbeatIntervalMs());
    }

    private static ConfigEntry entry(List<ConfigEntry> entries, String name) {
        return entries.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void shareKeysTakeTheirDefaultsAndBoundsFromTheBrokersGroupShareKeys() {
        BrokerConfig tuned = BrokerConfig.of(Map.of(
                "group.share.record.lock.duration.ms", "20000",
                "group.share.min.record.lock.duration.ms", "1000",
                "group.share.delivery.count.limit", "3"));
        GroupConfig defaults = GroupConfig.validate(Map.of(), tuned);
        assertEquals(20000, defaults.value("share.record.lock.duration.ms"));
        assertEquals(3, defaults.value("share.delivery.count.limit"));
        assertEquals(
                1000,
                GroupConfig.validate(Map.of("share.record.lock.duration.ms", "1000"), tuned)
                        .value("share.record.lock.duration.ms"));
        // with the broker's default bounds the same 1000 is refused: see refusedOverrides()
    }
}
