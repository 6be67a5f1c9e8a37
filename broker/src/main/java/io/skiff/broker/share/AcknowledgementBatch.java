package io.skiff.broker.share;

import java.util.List;

/**
 * One acknowledgement batch of a request: offsets {@code firstOffset..lastOffset} and either one type for all of
 * them or one type per offset (Kafka's {@code AcknowledgeTypes}). Immutable, thread-safe.
 */
public record AcknowledgementBatch(long firstOffset, long lastOffset, List<AcknowledgeType> types) {
    /** The type of {@code offset} (inside the batch). */
    public AcknowledgeType typeOf(long offset) {
        return types.size() == 1 ? types.get(0) : types.get((int) (offset - firstOffset));
    }

    /** True when the batch is well formed: a non-empty range and one type, or one type per offset. */
    public boolean isValid() {
        if (firstOffset < 0 || lastOffset < firstOffset || types.isEmpty() || types.contains(null)) {
            return false;
        }
        return types.size() == 1 || types.size() == lastOffset - firstOffset + 1;
    }
}
