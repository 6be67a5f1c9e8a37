package io.skiff.storage;

/**
 * The log was taken offline by an I/O error while writing (see {@link Log#isOffline()}); the broker answers
 * KAFKA_STORAGE_ERROR for it until it is reopened.
 */
public final class LogOfflineException extends StorageException {
    public LogOfflineException(String message) {
        super(message);
    }

    public LogOfflineException(String message, Throwable cause) {
        super(message, cause);
    }
}
