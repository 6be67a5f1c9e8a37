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
package io.skiff.storage;

import java.util.List;

/**
 * The byte ranges of whole batches answering one {@link Log#read}. The caller must {@link FileSlice#release()}
 * every slice once it has sent (or given up on) the bytes.
 *
 * @param lastStableOffset    the log's last stable offset when it was read
 * @param abortedTransactions for read_committed, the aborted transactions overlapping the returned range (a
 *                            consumer drops their batches); null for read_uncommitted
 */
public record LogReadResult(
        List<FileSlice> slices,
        int totalBytes,
        long logStartOffset,
        long logEndOffset,
        long lastStableOffset,
        List<AbortedTxn> abortedTransactions) {
    /** Releases every slice (for callers that give up on the result). */
    public void releaseAll() {
        for (FileSlice s : slices) {
            s.release();
        }
    }
}
