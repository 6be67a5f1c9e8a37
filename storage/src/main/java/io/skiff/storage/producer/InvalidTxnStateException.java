package io.skiff.storage.producer;

/**
 * A producer with an open transaction on the partition wrote a non-transactional batch (Kafka: INVALID_TXN_STATE).
 */
public final class InvalidTxnStateException extends ProducerStateException {
    public InvalidTxnStateException(String message) {
        super(message);
    }
}
