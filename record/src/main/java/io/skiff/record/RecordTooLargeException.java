package io.skiff.record;

/**
 * A batch larger than the topic's {@code max.message.bytes}. The broker answers with Kafka's {@code MESSAGE_TOO_LARGE}.
 */
public class RecordTooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RecordTooLargeException(String message) {
        super(message);
    }
}
