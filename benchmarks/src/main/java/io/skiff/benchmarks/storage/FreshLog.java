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
package io.skiff.benchmarks.storage;

import io.skiff.storage.Log;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A log alone in a fresh data directory ({@link BenchLogs#baseDir}), deleted with it: the append and read
 * benchmarks' fixture.
 *
 * <p>Not thread-safe: one benchmark thread's.
 *
 * @param dir the data directory
 * @param log the log in it, default config but for the segment size
 */
record FreshLog(Path dir, Log log) {
    static FreshLog open(int segmentBytes) throws IOException {
        Path dir = BenchLogs.baseDir();
        return new FreshLog(dir, BenchLogs.open(dir.resolve(BenchLogs.LOG_NAME), BenchLogs.config(segmentBytes)));
    }

    /** Closes and deletes the log, then the directory. */
    void delete() throws IOException {
        log.closeAndDelete();
        BenchLogs.deleteTree(dir);
    }
}
