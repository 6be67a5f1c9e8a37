package io.skiff.record;

/**
 * Record data that does not follow the RecordBatch v2 format: a truncated batch, a length that
 * does not fit, a bad magic, a CRC mismatch, a record that overruns its batch. The broker answers
 * such a produce with Kafka's {@code CORRUPT_MESSAGE} error.
 */
public class CorruptRecordException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CorruptRecordException(String message) {
        super(message);
    }
}
