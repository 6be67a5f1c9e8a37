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

import io.skiff.testsupport.MutableClock;
import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The log the storage tests share: a partition directory in a temporary folder of its own, a clock that moves only
 * when told, the log open at the moment, closed and deleted after each test. Registered per test instance:
 * {@code @RegisterExtension final LogFixture fixture = new LogFixture("t-0");}. Property tests, which JUnit Jupiter
 * extensions do not reach, take one per try from {@link #started} and {@link #cleanUp} it themselves.
 */
final class LogFixture implements BeforeEachCallback, AfterEachCallback {
    /** Size of a one-record batch of {@link #value(int)}, "value-NN". */
    static final int VALUE_BATCH_SIZE = TestBatches.batch(0, value(0)).remaining();

    final MutableClock clock = new MutableClock(1_700_000_000_000L);
    private final String partition;
    private Path tmp;
    private Log log;

    LogFixture(String partition) {
        this.partition = partition;
    }

    /** A fixture with its temporary folder made, outside the JUnit Jupiter lifecycle. */
    static LogFixture started(String partition) throws IOException {
        LogFixture fixture = new LogFixture(partition);
        fixture.beforeEach(null);
        return fixture;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        tmp = Files.createTempDirectory("skiff-log-test");
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        cleanUp();
    }

    /** Closes the open log, if any, and deletes the temporary folder. */
    void cleanUp() throws IOException {
        try {
            if (log != null && !log.isClosed()) {
                log.close();
            }
        } finally {
            log = null;
            try (Stream<Path> files = Files.walk(tmp)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** The temporary folder (the partition directory is in it). */
    Path tmp() {
        return tmp;
    }

    /** The partition directory of the log. */
    Path dir() {
        return tmp.resolve(partition);
    }

    /** The file of segment {@code base} with {@code suffix} ({@code .log}, {@code .index}, ...). */
    Path segmentFile(long base, String suffix) {
        return dir().resolve(Segment.fileStem(base) + suffix);
    }

    /** Opens (or reopens) the log; the fixture closes it after the test. */
    Log open(LogConfig config) throws IOException {
        return open(config, null, FileChannelFactory.DEFAULT);
    }

    /** Opens the log, calling {@code recovered} for every batch it reads while opening. */
    Log open(LogConfig config, BatchListener recovered) throws IOException {
        return open(config, recovered, FileChannelFactory.DEFAULT);
    }

    /** Opens the log appending through channels from {@code files} (a failing disk). */
    Log open(LogConfig config, BatchListener recovered, FileChannelFactory files) throws IOException {
        log = Log.open(dir(), config, clock, recovered, files);
        return log;
    }

    /** The log open now. */
    Log log() {
        return log;
    }

    /** Closes the open log cleanly. */
    void close() {
        log.close();
    }

    /** Segments of four one-record "value-NN" batches, every batch indexed. */
    static LogConfig fourValuesPerSegment() {
        return LogConfig.builder()
                .segmentBytes(VALUE_BATCH_SIZE * 4)
                .indexIntervalBytes(VALUE_BATCH_SIZE)
                .build();
    }

    static String value(int i) {
        return String.format("value-%02d", i);
    }

    /** Appends one-record batches {@code value(from)} to {@code value(to - 1)} to the open log; returns the values. */
    List<String> appendValues(int from, int to) {
        List<String> values = new ArrayList<>();
        for (int i = from; i < to; i++) {
            log.append(TestBatches.batch(clock.millis(), value(i)));
            values.add(value(i));
        }
        return values;
    }

    /** Reads every batch of a read result into one buffer, releasing its slices. */
    static ByteBuffer readAll(LogReadResult r) {
        List<ByteBuffer> parts = new ArrayList<>();
        for (FileSlice s : r.slices()) {
            parts.add(s.readFully());
            s.release();
        }
        return TestBatches.concat(parts.toArray(new ByteBuffer[0]));
    }
}
