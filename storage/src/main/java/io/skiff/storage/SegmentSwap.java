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
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replaces a group of old segments by the cleaned segment written for them, in steps that a crash may interrupt
 * anywhere:
 * <ol>
 *   <li>the cleaned files are complete and forced: {@code <base>.log.cleaned} and its {@code .index.cleaned},
 *       {@code .timeindex.cleaned}, {@code .txnindex.cleaned} (see {@link CleanedSegment});</li>
 *   <li>commit: {@code <base>.swap} is written atomically, holding the end of the replaced range (the base offset
 *       of the segment after the group);</li>
 *   <li>the old segments' files are deleted;</li>
 *   <li>the {@code .cleaned} files take their final names, the log first;</li>
 *   <li>{@code <base>.swap} is deleted.</li>
 * </ol>
 * {@link #recover} runs before a log's segments are loaded. Without a {@code .swap} file the cleaning never
 * happened and its {@code .cleaned} files are deleted. With one, the swap is finished: while
 * {@code <base>.log.cleaned} still exists no final name was taken yet, so every segment file of the replaced range
 * is old and is deleted; once the log was renamed, step 3 was complete and only the remaining renames are left.
 * Kafka uses the same suffixes but derives the replaced range from the swapped segment's last offset, which would
 * miss old segments behind a gap that compaction left at the end of the cleaned segment; the {@code .swap} file
 * records the range instead.
 *
 * <p>Stateless; thread-safe as long as one thread works on a given log directory (the log's write lock, or the
 * loader before the log is shared).
 */
final class SegmentSwap {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentSwap.class);
    static final String SWAP_SUFFIX = ".swap";
    private static final String[] INDEX_SUFFIXES = {
        Segment.INDEX_SUFFIX, Segment.TIME_INDEX_SUFFIX, TransactionIndex.SUFFIX
    };
    private static final Pattern SEGMENT_FILE = Pattern.compile("(\\d{20})\\.(log|index|timeindex|txnindex)");
    private static final Pattern SWAP_FILE = Pattern.compile("(\\d{20})\\.swap");

    /** Where a swap is; tests interrupt it after each step to prove {@link #recover} finishes or discards it. */
    enum Step {
        CLEANED_WRITTEN,
        COMMITTED,
        OLD_SEGMENT_DELETED,
        LOG_RENAMED,
        INDEXES_RENAMED,
        DONE
    }

    /** Called after each step; a test hook throws to simulate a crash there. */
    @FunctionalInterface
    interface StepListener {
        StepListener NONE = step -> {};

        void after(Step step) throws IOException;
    }

    private SegmentSwap() {}

    /** Step 2: after this returns the cleaned segment replaces [its base, {@code end}), even after a crash. */
    static void commit(Path dir, CleanedSegment cleaned, long end, StepListener listener) throws IOException {
        listener.after(Step.CLEANED_WRITTEN);
        AtomicFiles.write(swapFile(dir, cleaned.baseOffset()), Long.toString(end));
        cleaned.committed();
        listener.after(Step.COMMITTED);
    }

    /** Steps 4 and 5, once the old files are gone. */
    static void finish(Path dir, long base, StepListener listener) throws IOException {
        String stem = Segment.fileStem(base);
        Path cleanedLog = dir.resolve(stem + Segment.LOG_SUFFIX + CleanedSegment.CLEANED_SUFFIX);
        if (Files.exists(cleanedLog)) {
            move(cleanedLog, dir.resolve(stem + Segment.LOG_SUFFIX));
        }
        listener.after(Step.LOG_RENAMED);
        for (String suffix : INDEX_SUFFIXES) {
            Path cleaned = dir.resolve(stem + suffix + CleanedSegment.CLEANED_SUFFIX);
            if (Files.exists(cleaned)) {
                move(cleaned, dir.resolve(stem + suffix));
            } else {
                // The cleaned segment has no such index (no aborted transaction): an old one must not remain.
                Files.deleteIfExists(dir.resolve(stem + suffix));
            }
        }
        AtomicFiles.fsyncDirectory(dir);
        listener.after(Step.INDEXES_RENAMED);
        Files.deleteIfExists(swapFile(dir, base));
        AtomicFiles.fsyncDirectory(dir);
        listener.after(Step.DONE);
    }

    /** Finishes committed swaps and deletes what uncommitted cleanings left. Returns how many swaps it finished. */
    static int recover(Path dir) throws IOException {
        List<Path> cleanedFiles = new ArrayList<>();
        List<Long> committed = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                Matcher m = SWAP_FILE.matcher(name);
                if (m.matches()) {
                    committed.add(Long.parseLong(m.group(1)));
                } else if (name.endsWith(CleanedSegment.CLEANED_SUFFIX)) {
                    cleanedFiles.add(f);
                }
            }
        }
        for (long base : committed) {
            long end = readEnd(dir, base);
            String stem = Segment.fileStem(base);
            cleanedFiles.removeIf(f -> f.getFileName().toString().startsWith(stem + "."));
            int deleted = 0;
            if (Files.exists(dir.resolve(stem + Segment.LOG_SUFFIX + CleanedSegment.CLEANED_SUFFIX))) {
                deleted = deleteRange(dir, base, end);
            }
            finish(dir, base, StepListener.NONE);
            LOG.info(
                    "{}: finished an interrupted compaction swap of segment {} (offsets [{}, {}), {} old files deleted)",
                    dir,
                    stem,
                    base,
                    end,
                    deleted);
        }
        for (Path f : cleanedFiles) {
            Files.deleteIfExists(f);
        }
        return committed.size();
    }

    private static long readEnd(Path dir, long base) throws IOException {
        String text =
                Files.readString(swapFile(dir, base), StandardCharsets.UTF_8).trim();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            // Written atomically (a temp file renamed), so this is damage from outside: refuse to guess.
            throw new IOException("swap file " + swapFile(dir, base) + " holds no offset: '" + text + "'", e);
        }
    }

    /** Deletes the segment files (no {@code .cleaned} ones) whose base offset is in [from, to). */
    private static int deleteRange(Path dir, long from, long to) throws IOException {
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                Matcher m = SEGMENT_FILE.matcher(f.getFileName().toString());
                if (m.matches()) {
                    long base = Long.parseLong(m.group(1));
                    if (base >= from && base < to) {
                        Files.deleteIfExists(f);
                        deleted++;
                    }
                }
            }
        }
        return deleted;
    }

    static Path swapFile(Path dir, long base) {
        return dir.resolve(Segment.fileStem(base) + SWAP_SUFFIX);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
