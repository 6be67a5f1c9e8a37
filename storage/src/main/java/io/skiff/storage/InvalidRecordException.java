package io.skiff.storage;

/** A well-framed batch whose content is inconsistent, e.g. record count vs. offset delta (Kafka's INVALID_RECORD). */
public class InvalidRecordException extends StorageException {
    public InvalidRecordException(String message) {
        super(message);
    }
}
