package io.skiff.broker.txn;

import io.skiff.broker.coordinator.KeyLock;

/**
 * The coordinator's state of one transactional id: the last persisted {@link TransactionRecord} and, while a
 * change is being written to {@code __transaction_state}, the state it moves to (Kafka's pending state: other
 * requests get CONCURRENT_TRANSACTIONS meanwhile).
 *
 * <p>Thread-safety: the fields are guarded by {@link #lock()}; every read and write happens under it.
 */
final class TransactionMetadata {
    private final String transactionalId;
    private final KeyLock lock = new KeyLock();
    private TransactionRecord current;
    private TransactionState pending;

    TransactionMetadata(String transactionalId, TransactionRecord current) {
        this.transactionalId = transactionalId;
        this.current = current;
    }

    String transactionalId() {
        return transactionalId;
    }

    KeyLock lock() {
        return lock;
    }

    TransactionRecord current() {
        return current;
    }

    void setCurrent(TransactionRecord record) {
        current = record;
    }

    /** The state being written, or null when no change is in flight. */
    TransactionState pending() {
        return pending;
    }

    void setPending(TransactionState state) {
        pending = state;
    }
}
