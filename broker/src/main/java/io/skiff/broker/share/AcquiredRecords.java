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
package io.skiff.broker.share;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * What one ShareFetch acquired from one share-partition: the whole batches holding the acquired records (a consumer
 * keeps only the acquired offsets of them) and the acquired ranges with their delivery counts. Immutable.
 */
public record AcquiredRecords(ByteBuffer batches, List<AcquiredRange> ranges) {
    public static final AcquiredRecords NONE = new AcquiredRecords(ByteBuffer.allocate(0), List.of());

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    public int recordCount() {
        long n = 0;
        for (AcquiredRange r : ranges) {
            n += r.lastOffset() - r.firstOffset() + 1;
        }
        return (int) n;
    }
}
