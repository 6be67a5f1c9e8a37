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

import io.skiff.storage.producer.CorruptSnapshotException;
import io.skiff.storage.producer.ProducerSnapshotFormat;
import io.skiff.storage.producer.ProducerStateManager;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The producer-state snapshots of a log directory: {@code <20-digit offset>.snapshot} files in Kafka's format
 * ({@link ProducerSnapshotFormat}), each the state of the log below that offset. Taken when a segment is rolled (at
 * the new segment's base offset) and when the log is closed (at its end); read at open so that the log need not be
 * scanned; removed with the segments they belong to. A snapshot is written and forced without a rename: a torn one
 * fails its CRC and is ignored and deleted.
 * <p>Thread-safety: thread-safe for listing; writes and deletions come from the log's single writer.
 */
final class ProducerSnapshots {
    static final String SUFFIX = ".snapshot";
    private static final Logger LOG = LoggerFactory.getLogger(ProducerSnapshots.class);
    private static final Pattern FILE = Pattern.compile("(\\d{20})\\.snapshot");

    private final Path dir;
    private final ConcurrentSkipListSet<Long> offsets = new ConcurrentSkipListSet<>();

    private ProducerSnapshots(Path dir) {
        this.dir = dir;
    }

    /** Lists the snapshots in {@code dir}. */
    static ProducerSnapshots list(Path dir) throws IOException {
        ProducerSnapshots s = new ProducerSnapshots(dir);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            for (Path f : files) {
                Matcher m = FILE.matcher(f.getFileName().toString());
                if (m.matches()) {
                    s.offsets.add(Long.parseLong(m.group(1)));
                }
            }
        }
        return s;
    }

    Path file(long offset) {
        return dir.resolve(Segment.fileStem(offset) + SUFFIX);
    }

    /** Offsets of the snapshots present, ascending. */
    NavigableSet<Long> offsets() {
        return offsets.clone();
    }

    /** Writes (and forces) the state as the snapshot at its map end offset, unless that snapshot exists. */
    void write(ProducerStateManager state) throws IOException {
        long offset = state.mapEndOffset();
        if (offsets.contains(offset)) {
            return;
        }
        IndexFiles.write(file(offset), ProducerSnapshotFormat.encode(state.entries()), true);
        offsets.add(offset);
    }

    /**
     * Loads the newest readable snapshot at or below {@code maxOffset} into {@code state}; unreadable ones are
     * deleted on the way. Returns its offset, or -1 if there is none (the state is then left empty).
     */
    long loadLatest(ProducerStateManager state, long maxOffset) throws IOException {
        Long offset = offsets.floor(maxOffset);
        while (offset != null) {
            Path f = file(offset);
            try {
                state.loadSnapshot(ProducerSnapshotFormat.decode(ByteBuffer.wrap(Files.readAllBytes(f))), offset);
                return offset;
            } catch (CorruptSnapshotException | IOException e) {
                LOG.warn("{}: ignoring and deleting producer snapshot {}: {}", dir, f.getFileName(), e.getMessage());
                delete(offset);
            }
            offset = offsets.floor(offset - 1);
        }
        return -1;
    }

    /** Deletes the snapshots below {@code offset}. */
    void deleteBelow(long offset) throws IOException {
        for (Long o : offsets.headSet(offset, false)) {
            delete(o);
        }
    }

    /** Deletes the snapshots above {@code offset} (they describe data that is gone). */
    void deleteAbove(long offset) throws IOException {
        for (Long o : offsets.tailSet(offset, false)) {
            delete(o);
        }
    }

    void delete(long offset) throws IOException {
        offsets.remove(offset);
        Files.deleteIfExists(file(offset));
    }
}
