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
package io.skiff.benchmarks.server;

import io.skiff.broker.SkiffServer;
import java.util.Arrays;

/**
 * Measures how long {@code SkiffServer.builder().start()} takes in this JVM: the first start (cold: Netty and
 * Skiff classes loaded and initialised) and then {@code iterations} more (warm, as in a test suite that starts a
 * broker per test class). Each start binds 127.0.0.1:0 with a fresh temporary directory; close is timed too.
 *
 * <p>Run: {@code java -cp benchmarks/target/classes:$(cat cp.txt) io.skiff.benchmarks.server.InProcessStartBenchmark 50}
 */
public final class InProcessStartBenchmark {
    private InProcessStartBenchmark() {}

    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        long t0 = System.nanoTime();
        SkiffServer first = SkiffServer.builder().start();
        long coldStart = System.nanoTime() - t0;
        long cpuMs = ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(java.time.Duration::toMillis)
                .orElse(-1L);
        long t1 = System.nanoTime();
        first.close();
        long coldClose = System.nanoTime() - t1;
        System.out.printf(
                "first start (cold JVM): %.1f ms (process CPU time so far, JVM boot included: %d ms), close %.1f ms%n",
                coldStart / 1e6, cpuMs, coldClose / 1e6);

        double[] starts = new double[iterations];
        double[] closes = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            long s = System.nanoTime();
            SkiffServer server = SkiffServer.builder().start();
            long started = System.nanoTime();
            server.close();
            long closed = System.nanoTime();
            starts[i] = (started - s) / 1e6;
            closes[i] = (closed - started) / 1e6;
        }
        System.out.printf("warm start over %d runs: %s%n", iterations, summary(starts));
        System.out.printf("warm close over %d runs: %s%n", iterations, summary(closes));
    }

    private static String summary(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return String.format(
                "min %.2f ms, median %.2f ms, p90 %.2f ms, max %.2f ms",
                sorted[0], sorted[sorted.length / 2], sorted[(int) (sorted.length * 0.9)], sorted[sorted.length - 1]);
    }
}
