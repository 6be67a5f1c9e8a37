package io.skiff.storage;

/** A batch's framing, magic byte or CRC-32C is wrong (Kafka's CORRUPT_MESSAGE). */
public class CorruptRecordException extends StorageException {
    public CorruptRecordException(String message) {
        super(message);
    }
}
