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

/**
 * Kafka's feature {@code transaction.version} (KIP-890): level 0 is the original protocol, 1 adds flexible
 * {@code __transaction_state} values, 2 is transaction protocol version 2, where the coordinator bumps the producer
 * epoch at every commit and abort and the broker adds partitions and groups to a transaction implicitly. This broker
 * finalizes {@link #FINALIZED} unless UpdateFeatures changed it; each request tells which version its client uses, as Kafka decides it. Stateless.
 */
public final class TransactionVersion {
    public static final String FEATURE_NAME = "transaction.version";
    /** The original protocol: the epoch stays across transactions (every version 1 client). */
    public static final short TV_0 = 0;
    /** Transaction protocol version 2. */
    public static final short TV_2 = 2;
    /** The level this broker finalizes (and the highest it supports). */
    public static final short FINALIZED = TV_2;

    private TransactionVersion() {}

    /** Whether a client of this version expects the epoch bumped at every commit and abort. */
    public static boolean supportsEpochBump(short version) {
        return version >= TV_2;
    }

    /** The TransactionLogValue version Kafka writes at a finalized level: the flexible v1 from level 1. */
    static short logValueVersion(short finalizedLevel) {
        return (short) (finalizedLevel >= 1 ? 1 : 0);
    }

    /** Kafka's rule for EndTxn: v5+ comes from version 2 clients. */
    public static short forEndTxn(short apiVersion) {
        return apiVersion > 4 ? TV_2 : TV_0;
    }

    /** Kafka's rule for AddPartitionsToTxn: v4+ (sent by brokers for Produce v12+ and TxnOffsetCommit v5+). */
    public static short forAddPartitionsToTxn(short apiVersion) {
        return apiVersion > 3 ? TV_2 : TV_0;
    }

    /** Produce v12+ from a transactional producer adds its partitions to the transaction (Kafka's ADD_PARTITION). */
    public static boolean produceAddsPartitions(short apiVersion) {
        return apiVersion > 11;
    }

    /** TxnOffsetCommit v5+ adds the group's offsets partition to the transaction (Kafka's ADD_PARTITION). */
    public static boolean txnOffsetCommitAddsGroup(short apiVersion) {
        return apiVersion > 4;
    }
}
