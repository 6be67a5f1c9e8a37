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

import io.skiff.storage.producer.ProducerStateManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * Opens a {@link Log}, as Kafka's LogLoader does: reads the checkpoint, loads the segments (recovering those a crash
 * may have torn, see {@link SegmentLoader}), rebuilds the producer state from the newest usable snapshot and what
 * follows it, and sets the log start offset, recovery point and what is known to be on disk.
 *
 * <p>Stateless; runs on the opening thread before the log is shared.
 */
final class LogLoader {
    private LogLoader() {}

    /** See {@link Log#open(Path, LogConfig, Clock, BatchListener, FileChannelFactory)}. */
    static Log load(Path dir, LogConfig config, Clock clock, BatchListener recoveryListener, FileChannelFactory files)
            throws IOException {
        Files.createDirectories(dir);
        LogCheckpoint checkpoint = LogCheckpoint.read(dir);
        Path marker = dir.resolve(Log.CLEAN_SHUTDOWN_FILE);
        boolean clean = Files.exists(marker);
        ProducerSnapshots snapshots = ProducerSnapshots.list(dir);
        ProducerStateManager producers = new ProducerStateManager(String.valueOf(dir.getFileName()));
        ProducerStateRecovery producerRecovery = new ProducerStateRecovery(producers, snapshots, recoveryListener);
        List<Segment> loaded =
                SegmentLoader.load(dir, config, clock.millis(), producerRecovery, checkpoint, clean, files);
        Files.deleteIfExists(marker);
        Segment active = loaded.get(loaded.size() - 1);
        long end = active.nextOffset();
        producerRecovery.catchUp(end, loaded.get(0).baseOffset(), loaded);
        snapshots.deleteAbove(end);
        long start = Math.max(checkpoint.logStartOffset(), loaded.get(0).baseOffset());
        LocalLog local = new LocalLog(
                dir,
                files,
                new LogSegments(loaded),
                checkpoint,
                Math.min(start, end),
                // Segments recovered now are not forced yet: keep them above the recovery point until a roll or close.
                Math.min(checkpoint.recoveryPoint(), active.baseOffset()),
                // After a crash the active segment's bytes may only be in the page cache.
                clean ? end : active.baseOffset(),
                clock.millis());
        Log log = new Log(dir, config, clock, local, end, producers, snapshots);
        log.updateLastStableOffset();
        local.writeCheckpoint();
        return log;
    }
}
