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

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the benchmarks of opening stored data share: each invocation opens once (single shot, in ms; two warm-up and
 * five measured shots in one fork unless a benchmark says otherwise), and what it opened is closed after it, not
 * measured; the data directory, written once per trial by the subclass, is deleted after the trial.
 *
 * <p>Not thread-safe: a JMH thread-scoped state.
 *
 * @param <T> what an invocation opens
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
public abstract class ReopenBenchmark<T extends Closeable> {
    /** The data directory, made by the subclass's trial setup. */
    Path dir;

    /** What the running invocation opened, closed after it. */
    T opened;

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        BenchLogs.deleteTree(dir);
    }

    @TearDown(Level.Invocation)
    public void closeOpened() throws IOException {
        if (opened != null) {
            opened.close();
            opened = null;
        }
    }
}
