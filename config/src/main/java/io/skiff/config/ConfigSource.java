package io.skiff.config;

/**
 * Where a described configuration value comes from, with Kafka's DescribeConfigs source ids.
 * Skiff has no dynamic broker configuration, so only TOPIC_CONFIG, DYNAMIC_GROUP_CONFIG (a group's own
 * settings), STATIC_BROKER_CONFIG and DEFAULT_CONFIG occur.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum ConfigSource {
    UNKNOWN(0),
    TOPIC_CONFIG(1),
    DYNAMIC_BROKER_CONFIG(2),
    DYNAMIC_DEFAULT_BROKER_CONFIG(3),
    STATIC_BROKER_CONFIG(4),
    DEFAULT_CONFIG(5),
    DYNAMIC_BROKER_LOGGER_CONFIG(6),
    DYNAMIC_CLIENT_METRICS_CONFIG(7),
    DYNAMIC_GROUP_CONFIG(8);

    private final byte id;

    ConfigSource(int id) {
        this.id = (byte) id;
    }

    /** The DescribeConfigs {@code ConfigSource} code. */
    public byte id() {
        return id;
    }
}
