/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
