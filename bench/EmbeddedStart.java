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
import io.skiff.broker.SkiffServer;

/**
 * Start costs of an in-process broker, run by embedded-bench.sh in a fresh JVM with only skiff-embedded and the SLF4J
 * API on the class path: the first start (class loading and JIT included), a broker per class after that (start and
 * close), and reset() against a restart. Prints one line of key=value pairs in milliseconds.
 */
public class EmbeddedStart {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long t0 = System.nanoTime();
        SkiffServer first = SkiffServer.builder().start();
        long firstStart = System.nanoTime() - t0;
        t0 = System.nanoTime();
        first.close();
        long firstClose = System.nanoTime() - t0;

        t0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            try (SkiffServer s = SkiffServer.builder().start()) {
                s.createTopic("orders", 3);
            }
        }
        long perClass = (System.nanoTime() - t0) / rounds;

        long resetTotal = 0;
        try (SkiffServer shared = SkiffServer.builder().start()) {
            for (int i = 0; i < rounds; i++) {
                shared.createTopic("orders", 3);
                long r = System.nanoTime();
                shared.reset();
                resetTotal += System.nanoTime() - r;
            }
        }
        System.out.printf(
                "first_start_ms=%.1f first_close_ms=%.1f start_close_per_class_ms=%.2f reset_ms=%.2f%n",
                firstStart / 1e6, firstClose / 1e6, perClass / 1e6, resetTotal / 1e6 / rounds);
    }
}
