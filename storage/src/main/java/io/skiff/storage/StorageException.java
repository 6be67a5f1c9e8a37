package io.skiff.storage;

/** Base of every error the storage layer reports to its caller. Unchecked. */
public class StorageException extends RuntimeException {
    public StorageException(String message) {
        super(message);
    }

    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
