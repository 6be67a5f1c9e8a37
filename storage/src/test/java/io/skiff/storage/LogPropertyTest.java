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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.testsupport.TestBatches;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random sequences of append / crash / crash-and-truncate-tail / crash-and-flip-a-tail-bit / clean reopen: the
 * recovered log is always a prefix of what was appended, and reads return exactly those records.
 */
class LogPropertyTest {
    @Property(tries = 40)
    void recoveredLogIsAPrefixOfWhatWasAppended(
            @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 0, max = 999) Integer> ops) throws IOException {
        LogFixture fixture = LogFixture.started("p-0");
        Path dir = fixture.dir();
        LogConfig config =
                LogConfig.builder().segmentBytes(700).indexIntervalBytes(150).build();
        List<String> model = new ArrayList<>();
        Log log = fixture.open(config);
        try {
            int n = 0;
            for (int op : ops) {
                int kind = op % 10;
                if (kind <= 5) {
                    int records = 1 + op / 10 % 4;
                    String[] values = new String[records];
                    for (int i = 0; i < records; i++) {
                        values[i] = "r" + n++ + "-" + "x".repeat(op / 40);
                        model.add(values[i]);
                    }
                    AppendResult r = log.append(TestBatches.batch(fixture.clock.millis(), values));
                    assertEquals(model.size() - records, r.firstOffset());
                } else if (kind == 6 || kind == 7) {
                    log.closeUncleanly();
                    log = fixture.open(config);
                    assertEquals(model.size(), log.logEndOffset(), "a crash loses nothing written");
                } else if (kind == 8) {
                    log.closeUncleanly();
                    if (op / 10 % 2 == 0) {
                        truncateTail(dir, 1 + op / 10);
                    } else {
                        flipTailByte(dir, op / 10);
                    }
                    log = fixture.open(config);
                    long end = log.logEndOffset();
                    assertTrue(end <= model.size());
                    model.subList((int) end, model.size()).clear();
                } else {
                    log.close();
                    log = fixture.open(config);
                    assertEquals(model.size(), log.logEndOffset(), "a clean reopen loses nothing");
                }
                assertEquals(model, readAll(log), "after op " + op);
            }
        } finally {
            fixture.cleanUp();
        }
    }

    private static List<String> readAll(Log log) {
        List<String> values = new ArrayList<>();
        if (log.logEndOffset() == 0) {
            return values;
        }
        for (ByteBuffer b : TestBatches.split(LogFixture.readAll(log.read(0, Integer.MAX_VALUE, true)))) {
            assertEquals(values.size(), TestBatches.baseOffset(b));
            values.addAll(TestBatches.values(b));
        }
        assertEquals(log.logEndOffset(), values.size());
        return values;
    }

    private static void truncateTail(Path dir, int bytes) throws IOException {
        Path last = lastLog(dir);
        try (FileChannel ch = FileChannel.open(last, StandardOpenOption.WRITE)) {
            ch.truncate(Math.max(0, ch.size() - bytes));
        }
    }

    /** Flips one bit of a byte near the end of the last segment (any field: offsets, length, CRC, records). */
    private static void flipTailByte(Path dir, int back) throws IOException {
        Path last = lastLog(dir);
        try (FileChannel ch = FileChannel.open(last, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            if (size == 0) {
                return;
            }
            long pos = Math.max(0, size - 1 - back);
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, pos);
            b.put(0, (byte) (b.get(0) ^ (1 << (back % 8))));
            ch.write(b.rewind(), pos);
        }
    }

    private static Path lastLog(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".log"))
                    .max(Comparator.naturalOrder())
                    .orElseThrow();
        }
    }
}
