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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class FastStartLauncherTest {
    @TempDir
    Path tmp;

    @Test
    void optionsBeforeDashJarAreInherited() throws IOException {
        Path jar = Files.writeString(tmp.resolve("skiff.jar"), "jar");
        assertEquals(
                Optional.of(List.of("-Xmx512m", "-Dfoo=bar")),
                FastStartLauncher.inheritableOptions(
                        List.of("-Xmx512m", "-Dfoo=bar", "-jar", jar.toString(), "--override", "a=b"), jar));
        assertEquals(
                Optional.of(List.of()), FastStartLauncher.inheritableOptions(List.of("-jar", jar.toString()), jar));
    }

    @Test
    void noRelaunchWithoutDashJarOrForAnotherJar() throws IOException {
        Path jar = Files.writeString(tmp.resolve("skiff.jar"), "jar");
        Path other = Files.writeString(tmp.resolve("other.jar"), "jar");
        assertEquals(
                Optional.empty(),
                FastStartLauncher.inheritableOptions(
                        List.of("-cp", jar.toString(), "io.skiff.broker.launch.Main"), jar));
        assertEquals(Optional.empty(), FastStartLauncher.inheritableOptions(List.of("-jar", other.toString()), jar));
        assertEquals(Optional.empty(), FastStartLauncher.inheritableOptions(List.of("-jar"), jar));
    }

    @Test
    void debuggersAgentsAndOwnArchivesStayInOneJvm() throws IOException {
        Path jar = Files.writeString(tmp.resolve("skiff.jar"), "jar");
        for (String option : List.of(
                "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                "-javaagent:x.jar",
                "-Xshare:off",
                "-XX:SharedArchiveFile=mine.jsa",
                "-XX:ArchiveClassesAtExit=x.jsa",
                "@argfile",
                "-XX:StartFlightRecording")) {
            assertEquals(
                    Optional.empty(),
                    FastStartLauncher.inheritableOptions(List.of(option, "-jar", jar.toString()), jar),
                    option);
        }
    }

    @Test
    void childCommandMapsTheArchiveAndMarksTheChild() throws IOException {
        Path jar = Files.writeString(tmp.resolve("skiff.jar"), "jar");
        List<String> sharing = List.of("-XX:SharedArchiveFile=" + tmp.resolve("skiff.jsa"), "-Xshare:auto");
        List<String> command = FastStartLauncher.childCommand(
                "/jdk/bin/java", List.of("-Xmx1g"), jar, sharing, 1234L, new String[] {"--override", "num.partitions=3"
                });
        List<String> expected = new ArrayList<>(List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1"));
        expected.add("-Dio.netty.allocator.lowMemory=false");
        if (Runtime.version().feature() <= BrokerJvmDefaults.LAST_PERF_DATA_SAMPLING_RELEASE) {
            expected.add("-XX:PerfDataSamplingInterval=1000");
        }
        expected.addAll(List.of(
                "-Xmx1g",
                "-XX:SharedArchiveFile=" + tmp.resolve("skiff.jsa"),
                "-Xshare:auto",
                "-Dskiff.launcher.child=true",
                "-Dskiff.launcher.startMillis=1234",
                "-jar",
                jar.toRealPath().toString(),
                "--override",
                "num.partitions=3"));
        assertEquals(expected, command);
    }

    @Test
    void sharingMapsTheBuildsArchiveForItsJvmAndAnArchiveOfItsOwnForANewerJvm() throws IOException {
        Path jar = Files.writeString(tmp.resolve("skiff.jar"), "jar");
        CdsArchive built = CdsArchive.besideJar(jar);
        assertEquals(
                Optional.empty(), FastStartLauncher.sharingOptions(jar, 17), "Java 17 without the build's archive");
        String vm = System.getProperty("java.vm.version").replaceAll("[^A-Za-z0-9._-]", "_");
        String own = tmp.resolve("skiff-" + vm + ".jsa").toString();
        assertEquals(
                Optional.of(List.of("-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + own)),
                FastStartLauncher.sharingOptions(jar, 21));

        CdsArchive aot = CdsArchive.at(tmp.resolve("skiff-" + vm + ".aot"));
        assertEquals(
                Optional.of(List.of("-XX:AOTCacheOutput=" + aot.archive(), "-Xlog:aot=error")),
                FastStartLauncher.sharingOptions(jar, 25),
                "no cache yet: this run trains and writes it at exit");
        assertTrue(Files.isRegularFile(aot.sidecar()), "the sidecar names the jar and JVM the cache is for");
        Files.writeString(aot.archive(), "cached classes");
        assertEquals(Optional.of(List.of("-XX:AOTCache=" + aot.archive())), FastStartLauncher.sharingOptions(jar, 25));
        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertEquals(
                Optional.of(List.of("-XX:AOTCacheOutput=" + aot.archive(), "-Xlog:aot=error")),
                FastStartLauncher.sharingOptions(jar, 25),
                "another build of the jar: trained again");
        assertFalse(Files.exists(aot.archive()), "the stale cache is gone");

        Files.writeString(built.archive(), "dumped classes");
        built.writeSidecar(jar);
        List<String> mapped = List.of("-XX:SharedArchiveFile=" + built.archive(), "-Xshare:auto");
        assertEquals(Optional.of(mapped), FastStartLauncher.sharingOptions(jar, 17));
        assertEquals(Optional.of(mapped), FastStartLauncher.sharingOptions(jar, 25), "the build's JVM, whatever it is");
    }

    @Test
    void anArchiveOfItsOwnIsNamedForTheJvm() throws IOException {
        Path jar = Files.writeString(tmp.resolve("skiff.jar"), "jar");
        assertEquals(Optional.of(tmp.resolve("skiff-25.0.3_9-LTS.jsa")), CdsArchive.forThisJvm(jar, "25.0.3+9-LTS"));
    }

    @Test
    void archiveIsUsableOnlyForTheJarAndJvmItWasDumpedFor() throws IOException {
        Path jar = Files.writeString(tmp.resolve("skiff.jar"), "jar");
        CdsArchive archive = CdsArchive.besideJar(jar);
        assertEquals(tmp.resolve("skiff.jsa"), archive.archive());
        assertFalse(archive.usableFor(jar), "no archive yet");

        archive.writeSidecar(jar);
        assertFalse(archive.usableFor(jar), "a sidecar without its archive");
        Files.writeString(archive.archive(), "dumped classes");
        assertTrue(archive.usableFor(jar));

        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertFalse(archive.usableFor(jar), "the jar was rebuilt after the dump");

        archive.writeSidecar(jar);
        Files.writeString(
                archive.sidecar(),
                Files.readString(archive.sidecar()).replace(System.getProperty("java.vm.version"), "0.0.0-other"));
        assertFalse(archive.usableFor(jar), "dumped by another JVM");
    }

    @Test
    void processStartIsUptimeMinusStartTicks() {
        // Field 22 (start time, ticks) is the 20th after the command name, which may hold spaces and parentheses.
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 20 0 50000 123 456";
        assertEquals(1_000_000L - (600_000 - 500_000), ProcessStart.fromProc(1_000_000L, stat, "600.00 1100.00\n"));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void thisProcessStartedBeforeNow() {
        long now = System.currentTimeMillis();
        long start = ProcessStart.epochMillis().orElseThrow();
        assertTrue(start <= now + 20, "started in the past (within /proc's 10 ms ticks)");
        assertTrue(start > now - 24 * 3600_000L, "and not absurdly long ago: " + (now - start) + " ms");
    }
}
