package io.skiff.broker.group.common;

import java.util.OptionalLong;

/**
 * A committed offset as Kafka stores it: the offset, the leader epoch the client saw (-1 if unknown),
 * the client's metadata string, when it was committed and (only for old OffsetCommit v2–4 requests
 * with an explicit retention) when it expires. Immutable, thread-safe.
 */
public record OffsetAndMetadata(
        long offset, int leaderEpoch, String metadata, long commitTimestamp, long expireTimestamp) {

    /** Marker for "no explicit expiry". */
    public static final long NO_EXPIRE_TIMESTAMP = -1L;

    public OffsetAndMetadata {
        metadata = metadata == null ? "" : metadata;
    }

    public static OffsetAndMetadata of(long offset, int leaderEpoch, String metadata, long commitTimestamp) {
        return new OffsetAndMetadata(offset, leaderEpoch, metadata, commitTimestamp, NO_EXPIRE_TIMESTAMP);
    }

    /** The explicit expiry time, if the committer asked for one. */
    public OptionalLong explicitExpireTimestamp() {
        return expireTimestamp == NO_EXPIRE_TIMESTAMP ? OptionalLong.empty() : OptionalLong.of(expireTimestamp);
    }
}
