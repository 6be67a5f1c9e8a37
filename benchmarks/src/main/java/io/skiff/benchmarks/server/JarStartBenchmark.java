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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures the runnable jar from launch to ready: starts {@code java -jar skiff.jar} on a free port with a new
 * data directory, waits for its ready line, connects to the port, then stops it with SIGTERM. Reports the
 * broker's own figure (ms since the process was launched), the wall time from {@code ProcessBuilder.start()}
 * until a TCP connection succeeds, and how long SIGTERM took to stop it.
 *
 * <p>Run: {@code java -cp benchmarks/target/classes io.skiff.benchmarks.server.JarStartBenchmark app/target/skiff.jar 10
 * [key=value ...]} (extra arguments become {@code --override}s).
 */
public final class JarStartBenchmark {
    private static final Pattern READY = Pattern.compile("Skiff ready in (\\d+) ms: listening on \\S+?:(\\d+)\\b");

    private JarStartBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args.length > 0 ? args[0] : "app/target/skiff.jar");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        double[] selfReported = new double[runs];
        double[] wallToConnect = new double[runs];
        double[] stop = new double[runs];
        double[] cpu = new double[runs];
        List<String> extra = new ArrayList<>();
        for (int a = 2; a < args.length; a++) {
            extra.add("--override");
            extra.add(args[a]);
        }
        for (int i = 0; i < runs; i++) {
            Path dir = Files.createTempDirectory("skiff-start-");
            long launched = System.nanoTime();
            List<String> command = new ArrayList<>(List.of(
                    javaBin,
                    "-jar",
                    jar.toString(),
                    "--override",
                    "listeners=PLAINTEXT://127.0.0.1:0",
                    "--override",
                    "log.dirs=" + dir));
            command.addAll(extra);
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            try {
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Matcher ready = null;
                List<String> lines = new ArrayList<>();
                for (String line; (line = out.readLine()) != null; ) {
                    lines.add(line);
                    Matcher m = READY.matcher(line);
                    if (m.find()) {
                        ready = m;
                        break;
                    }
                }
                if (ready == null) {
                    throw new IllegalStateException("no ready line; output: " + lines);
                }
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(ready.group(2))), 5000);
                }
                wallToConnect[i] = (System.nanoTime() - launched) / 1e6;
                cpu[i] = cpuMillis(process.pid());
                selfReported[i] = Double.parseDouble(ready.group(1));
                long stopping = System.nanoTime();
                process.destroy(); // SIGTERM
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("broker did not stop within 30 s of SIGTERM");
                }
                stop[i] = (System.nanoTime() - stopping) / 1e6;
            } finally {
                process.destroyForcibly();
                deleteRecursively(dir);
            }
            System.out.printf(
                    "run %d: ready %.0f ms (self-reported), connectable %.0f ms after launch, CPU used until then"
                            + " %.0f ms, SIGTERM stop %.0f ms%n",
                    i + 1, selfReported[i], wallToConnect[i], cpu[i], stop[i]);
        }
        System.out.printf(
                "self-reported ready: %s%nlaunch to connectable: %s%nCPU time (user+sys, all threads) until"
                        + " connectable: %s%nSIGTERM to exit: %s%n",
                summary(selfReported), summary(wallToConnect), summary(cpu), summary(stop));
    }

    /**
     * User + system CPU time the process has used, from /proc (Linux; -1 elsewhere). Unlike wall time it hardly
     * depends on what else the machine is doing, so it is the figure to compare on a busy machine.
     */
    private static double cpuMillis(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14, 15)
            return ticks * 10.0; // USER_HZ is 100 on Linux
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String summary(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return String.format(
                "min %.0f ms, median %.0f ms, max %.0f ms",
                sorted[0], sorted[sorted.length / 2], sorted[sorted.length - 1]);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
