package io.skiff.record;

/**
 * A well-framed batch whose content breaks a rule Kafka enforces on produce: a record count that does not match the
 * offsets, a record that does not fit its batch, a missing key on a compacted topic, a control batch from a client.
 * The broker answers with Kafka's {@code INVALID_RECORD} error and this message.
 */
public class InvalidRecordException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidRecordException(String message) {
        super(message);
    }
}
