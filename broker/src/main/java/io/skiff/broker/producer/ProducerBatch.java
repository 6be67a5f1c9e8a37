package io.skiff.broker.producer;

/**
 * What producer-state validation needs to know about one record batch of an idempotent producer: its producer id
 * and epoch and the sequence range it covers. Offsets are not known yet when a batch is validated.
 *
 * <p>Immutable; thread-safe.
 *
 * @param producerId    the producer id, {@code >= 0} for idempotent batches
 * @param producerEpoch the producer epoch
 * @param baseSequence  the sequence number of the first record
 * @param lastSequence  the sequence number of the last record (wraps around after {@link Integer#MAX_VALUE})
 */
public record ProducerBatch(long producerId, short producerEpoch, int baseSequence, int lastSequence) {}
