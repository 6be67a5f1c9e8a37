package io.skiff.storage;

/** Which timestamp a log keeps for its batches (Kafka's {@code message.timestamp.type}). */
public enum TimestampType {
    /** The producer's timestamps, stored as sent (Kafka's default). */
    CREATE_TIME,
    /** The broker's clock at append; the batch's timestamp-type bit and max timestamp are rewritten. */
    LOG_APPEND_TIME
}
