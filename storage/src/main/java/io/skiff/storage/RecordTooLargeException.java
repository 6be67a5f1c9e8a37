package io.skiff.storage;

/** A batch is larger than the log's maximum batch size (Kafka's MESSAGE_TOO_LARGE). */
public class RecordTooLargeException extends StorageException {
    public RecordTooLargeException(String message) {
        super(message);
    }
}
