package io.skiff.storage;

/** The header facts of one stored batch, as handed to a {@link BatchListener}. */
public record BatchInfo(
        long baseOffset,
        long lastOffset,
        long producerId,
        short producerEpoch,
        int baseSequence,
        int recordCount,
        boolean transactional,
        boolean control,
        long maxTimestamp,
        int sizeInBytes) {}
