package io.skiff.broker.handler;

/**
 * Kafka's config resource types (DescribeConfigs, AlterConfigs, IncrementalAlterConfigs) with their wire ids.
 * Skiff serves TOPIC, BROKER and GROUP; the others are answered as Kafka answers a resource type it does not support.
 *
 * <p>Immutable enum; thread-safe.
 */
enum ConfigResourceType {
    UNKNOWN(0),
    TOPIC(2),
    BROKER(4),
    BROKER_LOGGER(8),
    CLIENT_METRICS(16),
    GROUP(32);

    private final byte id;

    ConfigResourceType(int id) {
        this.id = (byte) id;
    }

    byte id() {
        return id;
    }

    /** The type with this wire id; UNKNOWN for ids Kafka does not define. */
    static ConfigResourceType forId(byte id) {
        for (ConfigResourceType t : values()) {
            if (t.id == id) {
                return t;
            }
        }
        return UNKNOWN;
    }
}
