package io.skiff.storage.producer;

/** A producer snapshot file is unreadable (torn, wrong version, CRC mismatch); it is ignored and deleted. */
public final class CorruptSnapshotException extends RuntimeException {
    public CorruptSnapshotException(String message) {
        super(message);
    }
}
