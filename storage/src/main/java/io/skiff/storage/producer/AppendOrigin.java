package io.skiff.storage.producer;

/**
 * Who appends to a log, which decides how much producer-state validation a batch gets (as in Kafka): client
 * batches get epoch and sequence checks and duplicate detection, the broker's own appends (coordinators, transaction
 * markers) only epoch checks. Immutable; thread-safe.
 */
public enum AppendOrigin {
    CLIENT,
    COORDINATOR
}
