package io.skiff.record;

import java.util.List;

/**
 * Records of a batch broke a topic rule (a timestamp out of range, a missing key on a compacted topic): the
 * partition is refused with Kafka's INVALID_TIMESTAMP (when any error is a timestamp one) or INVALID_RECORD, this
 * exception's message as {@code error_message}, and {@link #recordErrors()} as {@code record_errors}, each naming
 * a record by its index in the batch.
 */
public class RecordValidationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** One refused record: its index in the batch and why. */
    public record RecordError(int batchIndex, String message) {
        @Override
        public String toString() {
            // Kafka's ProduceResponse.RecordError spelling, which its error_message lists.
            return "RecordError(batchIndex=" + batchIndex + ", message='" + message + "')";
        }
    }

    private final boolean invalidTimestamp;
    private final transient List<RecordError> recordErrors;

    RecordValidationException(boolean invalidTimestamp, String message, List<RecordError> recordErrors) {
        super(message);
        this.invalidTimestamp = invalidTimestamp;
        this.recordErrors = List.copyOf(recordErrors);
    }

    /** True for INVALID_TIMESTAMP, false for INVALID_RECORD. */
    public boolean invalidTimestamp() {
        return invalidTimestamp;
    }

    public List<RecordError> recordErrors() {
        return recordErrors;
    }
}
