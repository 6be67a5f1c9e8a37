package io.skiff.storage.producer;

/**
 * The content of a control batch's end-transaction marker (its one control record). Immutable; thread-safe.
 *
 * @param commit           true for COMMIT, false for ABORT
 * @param coordinatorEpoch epoch of the transaction coordinator that wrote it
 */
public record TxnMarker(boolean commit, int coordinatorEpoch) {}
