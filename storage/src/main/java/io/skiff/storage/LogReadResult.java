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
