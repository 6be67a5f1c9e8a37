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
package io.skiff.compat.robustness;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the log lines the broker writes (lines mentioning {@code io.skiff}) to System.out and System.err while
 * installed, still passing everything through. slf4j-simple looks up System.err / System.out on every message,
 * so swapping the streams sees the broker's logging. Keeps the first lines for failure messages.
 *
 * <p>Thread-safe: each stream's line buffer is guarded by the stream.
 */
final class LogLineCounter implements AutoCloseable {
    private static final int KEPT_CHARS = 20_000;

    private final PrintStream originalOut = System.out;
    private final PrintStream originalErr = System.err;
    private final AtomicInteger brokerLines = new AtomicInteger();
    private final StringBuffer kept = new StringBuffer();

    LogLineCounter() {
        System.setOut(new PrintStream(new LineTee(originalOut), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new LineTee(originalErr), true, StandardCharsets.UTF_8));
    }

    int brokerLines() {
        return brokerLines.get();
    }

    String sample() {
        return kept.toString();
    }

    @Override
    public void close() {
        System.setOut(originalOut);
        System.setErr(originalErr);
    }

    private final class LineTee extends OutputStream {
        private final PrintStream target;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineTee(PrintStream target) {
            this.target = target;
        }

        @Override
        public synchronized void write(int b) {
            target.write(b);
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                line.reset();
                if (text.contains("io.skiff")) {
                    brokerLines.incrementAndGet();
                    if (kept.length() < KEPT_CHARS) {
                        kept.append(text).append('\n');
                    }
                }
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void flush() {
            target.flush();
        }
    }
}
