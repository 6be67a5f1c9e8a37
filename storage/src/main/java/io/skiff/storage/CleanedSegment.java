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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The segment the cleaner writes for a group of old segments: {@code <base>.log.cleaned} with its
 * {@code .index.cleaned}, {@code .timeindex.cleaned} and {@code .txnindex.cleaned}, named by the group's first base
 * offset. Nothing reads these files until {@link SegmentSwap} swaps them in; a crash before that leaves only
 * {@code .cleaned} files, which the next open deletes.
 *
 * <p>Not thread-safe: one cleaner thread writes it.
 */
final class CleanedSegment implements AutoCloseable {
    static final String CLEANED_SUFFIX = ".cleaned";

    private final Path dir;
    private final long baseOffset;
    private final int indexIntervalBytes;
    private final FileChannel channel;
    private final IndexBuilder indexes;
    private final TransactionIndex txnIndex;
    private final List<AbortedTxn> aborted = new ArrayList<>();
    private long size;
    private boolean committed;

    CleanedSegment(Path dir, long baseOffset, int indexIntervalBytes) throws IOException {
        this.dir = dir;
        this.baseOffset = baseOffset;
        this.indexIntervalBytes = indexIntervalBytes;
        for (Path p : files()) {
            Files.deleteIfExists(p);
        }
        this.channel =
                FileChannel.open(cleaned(Segment.LOG_SUFFIX), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.indexes = new IndexBuilder(baseOffset, indexIntervalBytes);
        this.txnIndex = new TransactionIndex(cleaned(TransactionIndex.SUFFIX));
    }

    long baseOffset() {
        return baseOffset;
    }

    long size() {
        return size;
    }

    /** Writes one batch (the buffer's remaining bytes) at the end and indexes it. */
    void append(ByteBuffer batch, long batchBaseOffset, long maxTimestamp) throws IOException {
        int bytes = batch.remaining();
        if (size + bytes > Integer.MAX_VALUE) {
            throw new IOException("cleaned segment " + Segment.fileStem(baseOffset) + " would exceed 2 GiB");
        }
        ByteBuffer src = batch.duplicate();
        long pos = size;
        while (src.hasRemaining()) {
            pos += channel.write(src, pos);
        }
        indexes.onBatch(batchBaseOffset, maxTimestamp, (int) size, bytes, 0);
        size = pos;
    }

    /** Keeps an aborted transaction whose marker this segment holds. */
    void addAbortedTxn(AbortedTxn txn) throws IOException {
        txnIndex.append(txn);
        aborted.add(txn);
    }

    /** Forces the log and writes and forces the indexes: the files are complete before any swap starts. */
    void finish() throws IOException {
        channel.force(true);
        indexes.finish();
        indexes.offsets().writeTo(cleaned(Segment.INDEX_SUFFIX), FileChannelFactory.DEFAULT);
        indexes.times().writeTo(cleaned(Segment.TIME_INDEX_SUFFIX), FileChannelFactory.DEFAULT);
        force(cleaned(Segment.INDEX_SUFFIX));
        force(cleaned(Segment.TIME_INDEX_SUFFIX));
        txnIndex.flush();
    }

    /** The live segment these files become once swapped in. */
    Segment toSegment(long nextOffset) throws IOException {
        return Segment.swappedIn(
                dir,
                baseOffset,
                indexIntervalBytes,
                (int) size,
                nextOffset,
                indexes,
                aborted,
                cleaned(Segment.LOG_SUFFIX));
    }

    /** Marks the swap committed: from now on the files belong to the log and are never discarded. */
    void committed() {
        committed = true;
    }

    boolean isCommitted() {
        return committed;
    }

    /** Deletes the {@code .cleaned} files (a cleaning that was given up before its swap was committed). */
    void discard() throws IOException {
        close();
        if (committed) {
            return; // the next open finishes the swap
        }
        for (Path p : files()) {
            Files.deleteIfExists(p);
        }
    }

    /** The four {@code .cleaned} files. */
    Path[] files() {
        return new Path[] {
            cleaned(Segment.LOG_SUFFIX),
            cleaned(Segment.INDEX_SUFFIX),
            cleaned(Segment.TIME_INDEX_SUFFIX),
            cleaned(TransactionIndex.SUFFIX)
        };
    }

    Path cleaned(String suffix) {
        return dir.resolve(Segment.fileStem(baseOffset) + suffix + CLEANED_SUFFIX);
    }

    private static void force(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    @Override
    public void close() throws IOException {
        if (channel.isOpen()) {
            channel.close();
        }
        txnIndex.release();
    }
}
