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
package io.skiff.broker.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * When this process started, to the hundredth of a second, from Linux's {@code /proc}: without loading
 * java.lang.management (tens of milliseconds on a cold JVM), and more precisely than
 * {@code ProcessHandle.Info.startInstant()}, whose boot time is rounded to whole seconds.
 *
 * <p>Thread-safety: stateless.
 */
final class ProcessStart {
    /** Linux reports process times in USER_HZ ticks, 100 per second on every architecture. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcessStart() {}

    /** The process start in epoch ms, or empty where {@code /proc} is not Linux's. */
    static OptionalLong epochMillis() {
        try {
            long now = System.currentTimeMillis();
            String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
            String uptime = Files.readString(Path.of("/proc/uptime"), StandardCharsets.US_ASCII);
            return OptionalLong.of(fromProc(now, stat, uptime));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * {@code now} minus how long ago the process started: uptime (seconds since boot, first field of
     * {@code /proc/uptime}) minus the start (field 22 of {@code /proc/self/stat}, ticks since boot; counted after the
     * parenthesised command name, which may itself hold spaces).
     */
    static long fromProc(long now, String stat, String uptime) {
        String[] afterName = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long startTicks = Long.parseLong(afterName[19]); // field 22 overall; fields 3.. follow the name
        double uptimeSeconds = Double.parseDouble(uptime.trim().split("\\s+")[0]);
        long ageMillis = Math.round(uptimeSeconds * 1000) - startTicks * 1000 / TICKS_PER_SECOND;
        return now - Math.max(0, ageMillis);
    }
}
