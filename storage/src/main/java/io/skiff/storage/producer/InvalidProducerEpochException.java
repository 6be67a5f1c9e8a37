package io.skiff.storage.producer;

/** A batch carries an epoch older than the producer's current one (Kafka: INVALID_PRODUCER_EPOCH). */
public final class InvalidProducerEpochException extends ProducerStateException {
    public InvalidProducerEpochException(String message) {
        super(message);
    }
}
