package io.skiff.storage.producer;

/**
 * A transaction marker carries a coordinator epoch older than the last one seen for its producer
 * (Kafka: TRANSACTION_COORDINATOR_FENCED).
 */
public final class TransactionCoordinatorFencedException extends ProducerStateException {
    public TransactionCoordinatorFencedException(String message) {
        super(message);
    }
}
