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
import java.util.ArrayList;
import java.util.List;

/**
 * Collects what one acquisition hands out: the batches delivered (whole, as the log holds them) and the acquired
 * offsets, merged into ranges of consecutive offsets with one delivery count. Not thread-safe: one per acquisition.
 */
final class AcquiredRecordsBuilder {
    private final List<ByteBuffer> batches = new ArrayList<>();
    private final List<AcquiredRange> ranges = new ArrayList<>();
    private long first = -1;
    private long last = -1;
    private short count;

    /** Records {@code offset} as acquired, delivered for the {@code deliveryCount}th time. */
    void acquired(long offset, short deliveryCount) {
        if (first >= 0 && offset == last + 1 && deliveryCount == count) {
            last = offset;
            return;
        }
        closeRange();
        first = offset;
        last = offset;
        count = deliveryCount;
    }

    /** Adds a batch holding acquired records to what is delivered. */
    void deliver(ByteBuffer batch) {
        batches.add(batch);
    }

    AcquiredRecords build() {
        closeRange();
        first = -1;
        return new AcquiredRecords(concat(batches), ranges);
    }

    private void closeRange() {
        if (first >= 0) {
            ranges.add(new AcquiredRange(first, last, count));
        }
    }

    private static ByteBuffer concat(List<ByteBuffer> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        int total = 0;
        for (ByteBuffer b : parts) {
            total += b.remaining();
        }
        ByteBuffer all = ByteBuffer.allocate(total);
        for (ByteBuffer b : parts) {
            all.put(b.duplicate());
        }
        return all.flip();
    }
}
