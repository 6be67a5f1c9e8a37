package io.skiff.storage;

/**
 * What a read may return: everything written, or only up to the last stable offset (Kafka's isolation levels).
 * Immutable; thread-safe.
 */
public enum IsolationLevel {
    READ_UNCOMMITTED,
    READ_COMMITTED
}
