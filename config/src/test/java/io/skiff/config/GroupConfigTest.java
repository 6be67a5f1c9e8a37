package io.skiff.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Kafka 4.1's GroupConfig: its keys, defaults from the broker, and its messages (recorded from Kafka 4.1.1). */
class GroupConfigTest {
    private final BrokerConfig broker = BrokerConfig.defaults();

    private String rejected(Map<String, String> overrides) {
        return assertThrows(ConfigException.class, () -> GroupConfig.validate(overrides, broker))
                .getMessage();
    }

    @Test
    void valuesAreCheckedWithKafkasMessages() {
        assertEquals("Unknown group config name: foo.bar", rejected(Map.of("foo.bar", "1")));
        assertEquals(
                "Invalid value abc for configuration consumer.heartbeat.interval.ms: Not a number of type INT",
                rejected(Map.of("consumer.heartbeat.interval.ms", "abc")));
        assertEquals(
                "Invalid value 0 for configuration consumer.heartbeat.interval.ms: Value must be at least 1",
                rejected(Map.of("consumer.heartbeat.interval.ms", "0")));
        assertEquals(
                "Invalid value READ_COMMITTED for configuration share.isolation.level: String must be one of:"
                        + " read_committed, read_uncommitted",
                rejected(Map.of("share.isolation.level", "READ_COMMITTED")));
        assertEquals(
                "Invalid value by_duration:-PT1H for configuration share.auto.offset.reset: Invalid value"
                        + " `by_duration:-PT1H` for configuration share.auto.offset.reset. The value must be either"
                        + " 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.",
                rejected(Map.of("share.auto.offset.reset", "by_duration:-PT1H")));
        GroupConfig.validate(Map.of("share.auto.offset.reset", "by_duration:PT1H"), broker);
        assertEquals(
                6000,
                GroupConfig.validate(Map.of("consumer.heartbeat.interval.ms", " +6000 "), broker)
                        .value("consumer.heartbeat.interval.ms"));
    }

    @Test
    void consumerKeysAreBoundedByTheBrokersGroupConsumerKeys() {
        assertEquals(
                "consumer.heartbeat.interval.ms must be greater than or equal to group.consumer.min.heartbeat.interval.ms",
                rejected(Map.of("consumer.heartbeat.interval.ms", "99")));
        assertEquals(
                "consumer.heartbeat.interval.ms must be less than or equal to group.consumer.max.heartbeat.interval.ms",
                rejected(Map.of("consumer.heartbeat.interval.ms", "15001")));
        assertEquals(
                "consumer.session.timeout.ms must be greater than or equal to group.consumer.min.session.timeout.ms",
                rejected(Map.of("consumer.session.timeout.ms", "999")));
        assertEquals(
                "consumer.session.timeout.ms must be less than or equal to group.consumer.max.session.timeout.ms",
                rejected(Map.of("consumer.session.timeout.ms", "60001")));
        assertEquals(
                "consumer.session.timeout.ms must be greater than consumer.heartbeat.interval.ms",
                rejected(Map.of("consumer.session.timeout.ms", "2000", "consumer.heartbeat.interval.ms", "2000")));
        BrokerConfig strict = BrokerConfig.of(Map.of(
                "group.consumer.min.heartbeat.interval.ms", "5000", "group.consumer.heartbeat.interval.ms", "5000"));
        assertThrows(
                ConfigException.class,
                () -> GroupConfig.validate(Map.of("consumer.heartbeat.interval.ms", "4000"), strict));
        assertEquals(
                "streams.num.standby.replicas must be less than or equal to group.streams.max.standby.replicas",
                rejected(Map.of("streams.num.standby.replicas", "3")));
        assertEquals(
                "share.record.lock.duration.ms must be greater than or equal to group.share.min.record.lock.duration.ms",
                rejected(Map.of("share.record.lock.duration.ms", "1000")));
    }

    @Test
    void describesEveryKeyWithItsSourceAsKafkaDoes() {
        GroupConfig config = GroupConfig.validate(Map.of("consumer.session.timeout.ms", "50000"), broker);
        List<ConfigEntry> entries = config.describe();
        assertEquals(
                List.of(
                        "consumer.session.timeout.ms",
                        "consumer.heartbeat.interval.ms",
                        "share.session.timeout.ms",
                        "share.heartbeat.interval.ms",
                        "share.record.lock.duration.ms",
                        "share.auto.offset.reset",
                        "share.isolation.level",
                        "streams.session.timeout.ms",
                        "streams.heartbeat.interval.ms",
                        "streams.num.standby.replicas"),
                entries.stream().map(ConfigEntry::name).toList());
        ConfigEntry session = entries.get(0);
        assertEquals("50000", session.value());
        assertEquals(ConfigSource.DYNAMIC_GROUP_CONFIG, session.source());
        assertEquals(
                List.of(new ConfigSynonym("consumer.session.timeout.ms", "50000", ConfigSource.DYNAMIC_GROUP_CONFIG)),
                session.synonyms());
        ConfigEntry heartbeat = entries.get(1);
        assertEquals("500", heartbeat.value(), "Skiff's group.consumer.heartbeat.interval.ms");
        assertEquals(ConfigSource.DEFAULT_CONFIG, heartbeat.source());
        assertEquals("latest", entries.get(5).value());
        assertEquals(OptionalInt.of(50000), config.consumerSessionTimeoutMs());
        assertEquals(OptionalInt.empty(), config.consumerHeartbeatIntervalMs());
    }
}
