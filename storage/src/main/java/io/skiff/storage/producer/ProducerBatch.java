package io.skiff.storage.producer;

/**
 * What producer state needs to know of one batch with a producer id, once its offsets are assigned.
 *
 * <p>Immutable; thread-safe.
 *
 * @param producerId    the producer id ({@code >= 0})
 * @param producerEpoch the producer epoch
 * @param baseSequence  sequence of the first record (-1 for control batches)
 * @param lastSequence  sequence of the last record (wraps around after {@link Integer#MAX_VALUE})
 * @param firstOffset   offset of the first record
 * @param lastOffset    offset of the last record
 * @param timestamp     the batch's max timestamp (the append time on LogAppendTime logs)
 * @param transactional the batch's transactional flag
 * @param marker        the end-transaction marker of a control batch, null for data batches (and for a control
 *                      batch left empty by compaction)
 * @param control       the batch's control flag
 */
public record ProducerBatch(
        long producerId,
        short producerEpoch,
        int baseSequence,
        int lastSequence,
        long firstOffset,
        long lastOffset,
        long timestamp,
        boolean transactional,
        boolean control,
        TxnMarker marker) {

    /** The sequence {@code delta} after {@code baseSequence}, wrapping past {@link Integer#MAX_VALUE} to 0. */
    public static int lastSequence(int baseSequence, int delta) {
        if (baseSequence < 0) {
            return baseSequence;
        }
        long last = (long) baseSequence + delta;
        return last > Integer.MAX_VALUE ? (int) (last - Integer.MAX_VALUE - 1) : (int) last;
    }

    /** The sequence {@code delta} before {@code lastSequence}, wrapping below 0 to {@link Integer#MAX_VALUE}. */
    static int firstSequence(int lastSequence, int delta) {
        if (lastSequence < 0) {
            return lastSequence;
        }
        return lastSequence < delta ? Integer.MAX_VALUE - (delta - lastSequence) + 1 : lastSequence - delta;
    }
}
