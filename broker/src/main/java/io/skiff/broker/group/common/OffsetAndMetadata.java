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
