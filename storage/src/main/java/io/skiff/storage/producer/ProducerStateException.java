package io.skiff.storage.producer;

/**
 * A batch was rejected by producer-state validation; nothing of its append was written. Unchecked; the broker
 * turns each subclass into the matching Kafka error code for the partition.
 */
public abstract class ProducerStateException extends RuntimeException {
    protected ProducerStateException(String message) {
        super(message);
    }
}
