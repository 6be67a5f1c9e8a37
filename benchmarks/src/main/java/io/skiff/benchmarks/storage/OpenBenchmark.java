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

import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Opening a log of {@code segments} segments of {@code segmentMiB} each after a clean stop (clean-shutdown
 * marker present): cost should follow the segment count, not the data size. Close (not measured) happens in the
 * per-invocation teardown. See {@link RecoveryBenchmark} for the unclean case.
 */
public class OpenBenchmark extends ReopenedLogState {
    static final String CLEAN_SHUTDOWN_MARKER = ".skiff-clean-shutdown";
    static final String CHECKPOINT = "skiff-log.checkpoint";

    @Benchmark
    public long openAfterCleanStop() throws IOException {
        return open();
    }
}
