package io.skiff.broker.producer;

/**
 * A batch was rejected by producer-state validation. Unchecked; the Produce handler turns each subclass into the
 * matching Kafka error code for the partition.
 */
public abstract class ProducerStateException extends RuntimeException {
    protected ProducerStateException(String message) {
        super(message);
    }
}
