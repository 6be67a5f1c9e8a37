package io.skiff.storage;

/** A read or delete named an offset outside [logStartOffset, logEndOffset] (Kafka's OFFSET_OUT_OF_RANGE). */
public class OffsetOutOfRangeException extends StorageException {
    public OffsetOutOfRangeException(String message) {
        super(message);
    }
}
