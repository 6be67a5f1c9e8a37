package io.skiff.storage.producer;

/** A batch's first sequence does not follow the producer's last one (Kafka: OUT_OF_ORDER_SEQUENCE_NUMBER). */
public final class OutOfOrderSequenceException extends ProducerStateException {
    public OutOfOrderSequenceException(String message) {
        super(message);
    }
}
