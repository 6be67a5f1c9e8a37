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

import java.util.EnumSet;
import java.util.Set;

/**
 * The states of a transactional id, with Kafka's ids (the {@code TransactionStatus} byte of
 * {@code __transaction_state} values) and Kafka's allowed transitions. PrepareEpochFence is never written: it is the
 * pending state while an open transaction is aborted to fence its producer.
 */
public enum TransactionState {
    EMPTY(0, "Empty"),
    ONGOING(1, "Ongoing"),
    PREPARE_COMMIT(2, "PrepareCommit"),
    PREPARE_ABORT(3, "PrepareAbort"),
    COMPLETE_COMMIT(4, "CompleteCommit"),
    COMPLETE_ABORT(5, "CompleteAbort"),
    DEAD(6, "Dead"),
    PREPARE_EPOCH_FENCE(7, "PrepareEpochFence");

    private final byte id;
    private final String displayName;

    TransactionState(int id, String displayName) {
        this.id = (byte) id;
        this.displayName = displayName;
    }

    public byte id() {
        return id;
    }

    /** Kafka's name, as DescribeTransactions and ListTransactions show it. */
    public String displayName() {
        return displayName;
    }

    public static TransactionState fromId(byte id) {
        for (TransactionState s : values()) {
            if (s.id == id) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown transaction state id " + id);
    }

    /** The state named {@code name} (Kafka's display name, case-insensitive), or null. */
    public static TransactionState fromDisplayName(String name) {
        for (TransactionState s : values()) {
            if (s.displayName.equalsIgnoreCase(name)) {
                return s;
            }
        }
        return null;
    }

    /** The states this one may be entered from (Kafka's {@code TransactionState.validPreviousStates}). */
    Set<TransactionState> validPrevious() {
        return switch (this) {
            case EMPTY -> EnumSet.of(EMPTY, COMPLETE_COMMIT, COMPLETE_ABORT);
            case ONGOING -> EnumSet.of(ONGOING, EMPTY, COMPLETE_COMMIT, COMPLETE_ABORT);
            case PREPARE_COMMIT -> EnumSet.of(ONGOING);
            case PREPARE_ABORT -> EnumSet.of(ONGOING, PREPARE_EPOCH_FENCE, EMPTY);
            case COMPLETE_COMMIT -> EnumSet.of(PREPARE_COMMIT);
            case COMPLETE_ABORT -> EnumSet.of(PREPARE_ABORT);
            case DEAD -> EnumSet.of(EMPTY, COMPLETE_COMMIT, COMPLETE_ABORT);
            case PREPARE_EPOCH_FENCE -> EnumSet.of(ONGOING);
        };
    }

    /** True for the states in which markers are still to be written. */
    public boolean isPrepare() {
        return this == PREPARE_COMMIT || this == PREPARE_ABORT;
    }

    /** The Complete state a Prepare state ends in. */
    public TransactionState completeState() {
        return this == PREPARE_COMMIT ? COMPLETE_COMMIT : COMPLETE_ABORT;
    }

    /** True for the states without an open transaction (a new one may begin). */
    public boolean isIdle() {
        return this == EMPTY || this == COMPLETE_COMMIT || this == COMPLETE_ABORT;
    }
}
