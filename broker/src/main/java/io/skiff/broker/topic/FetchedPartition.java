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
package io.skiff.broker.topic;

import io.skiff.storage.AbortedTxn;
import io.skiff.storage.FileSlice;
import java.util.List;

/**
 * The outcome of one partition of a fetch. On success {@code slices} hold whole batches from the log; whoever takes
 * this result must release them once sent (or discarded).
 *
 * @param request        what was asked
 * @param error          NONE, or why there is no data
 * @param slices         the batches read (empty on error or when there is nothing new)
 * @param bytes          total size of {@code slices}
 * @param highWatermark  the partition's high watermark at the time of the read (-1 if unknown)
 * @param logStartOffset the partition's log start offset at the time of the read (-1 if unknown)
 * @param lastStableOffset the partition's last stable offset at the time of the read (-1 if unknown)
 * @param abortedTransactions for read_committed, the aborted transactions overlapping {@code slices}; else null
 */
public record FetchedPartition(
        PartitionFetch request,
        FetchError error,
        List<FileSlice> slices,
        int bytes,
        long highWatermark,
        long logStartOffset,
        long lastStableOffset,
        List<AbortedTxn> abortedTransactions) {

    /** Why a partition has no data. */
    public enum FetchError {
        NONE,
        /** The fetch offset is before the log start or after the log end. */
        OFFSET_OUT_OF_RANGE,
        /** The topic was deleted while the fetch was in progress. */
        UNKNOWN_TOPIC_OR_PARTITION,
        /** The log could not be read. */
        STORAGE_ERROR
    }

    static FetchedPartition failed(PartitionFetch request, FetchError error, long highWatermark, long logStartOffset) {
        return new FetchedPartition(request, error, List.of(), 0, highWatermark, logStartOffset, highWatermark, null);
    }

    void release() {
        for (FileSlice s : slices) {
            s.release();
        }
    }
}
