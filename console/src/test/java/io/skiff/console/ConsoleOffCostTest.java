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
package io.skiff.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The console costs nothing when it is off, though its module is on the class path: a broker started without
 * {@code console.listener} in a fresh JVM loads no console class but the extension's entry point (which the broker
 * asks whether it is enabled), and starts no console thread. The same JVM with the console on loads its classes and
 * threads, so the check can fail.
 */
class ConsoleOffCostTest {
    @Test
    void aBrokerWithoutConsoleListenerLoadsNoConsoleClassAndStartsNoConsoleThread() throws Exception {
        List<String> off = run(false);
        List<String> loaded = consoleClasses(off);
        assertEquals(List.of("io.skiff.console.ConsoleExtension"), loaded, String.join("\n", loaded));
        assertTrue(
                off.stream().noneMatch(l -> l.startsWith("thread ") && l.contains("console")), String.join("\n", off));

        List<String> on = run(true);
        assertTrue(consoleClasses(on).size() > 10, "the probe sees a console that is on");
        assertTrue(on.stream().anyMatch(l -> l.startsWith("thread ") && l.contains("console")), String.join("\n", on));
    }

    private static List<String> consoleClasses(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            // -Xlog:class+load: "[info][class,load] io.skiff.console.X source: ..."
            int at = line.indexOf("io.skiff.console.");
            if (line.contains("[class,load]") && at >= 0) {
                String name = line.substring(at, line.indexOf(' ', at));
                if (!name.startsWith(ConsoleOffCostTest.class.getName())) { // the probe itself
                    out.add(name);
                }
            }
        }
        return out;
    }

    private static List<String> run(boolean console) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(
                java.toString(),
                "-Xlog:class+load=info",
                "-cp",
                System.getProperty("java.class.path"),
                Probe.class.getName(),
                String.valueOf(console)));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the probe did not end");
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), text);
        assertTrue(text.contains("probe started"), text);
        return List.of(text.split("\\R"));
    }

    /** Starts a broker in a fresh JVM, with or without a console, and prints its threads' names. */
    static final class Probe {
        public static void main(String[] args) throws Exception {
            SkiffServer.Builder builder = SkiffServer.builder();
            if (Boolean.parseBoolean(args[0])) {
                builder.console("http://127.0.0.1:0");
            }
            try (SkiffServer broker = builder.start()) {
                System.out.println("probe started " + broker.bootstrapServers());
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    System.out.println("thread " + t.getName());
                }
            }
            System.out.flush();
        }
    }
}
