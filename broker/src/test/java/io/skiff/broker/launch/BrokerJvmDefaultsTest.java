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

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerJvmDefaultsTest {
    /** The release the expectations below are for (from Java 25 on the perf data option is left out). */
    private static final int JAVA_17 = 17;

    private static final String XMS = "-Xms64m";
    private static final String XMX = "-Xmx512m";
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
    private static final String NETTY_NORMAL_MEMORY = "-Dio.netty.allocator.lowMemory=false";
    private static final String PERF_DATA_EVERY_SECOND = "-XX:PerfDataSamplingInterval=1000";
    private static final String UNSAFE_ALLOWED = "--sun-misc-unsafe-memory-access=allow";
    private static final String NETTY_ON_UNSAFE = "-Dio.netty.noUnsafe=false";

    /** The options for a plain (no TLS) broker on Java 17 started with {@code userOptions}. */
    private static List<String> apply(List<String> userOptions) {
        return BrokerJvmDefaults.apply(userOptions, Map.of(), false, JAVA_17);
    }

    /** The options for a plain broker on Java 17 started without options but {@code variable} set. */
    private static List<String> applyWithEnvironment(String variable, String value) {
        return BrokerJvmDefaults.apply(List.of(), Map.of(variable, value), false, JAVA_17);
    }

    @Test
    void developerHeapAndClientCompilerWhenNothingIsSet() {
        assertEquals(
                List.of(XMS, XMX, C1_ONLY, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND, "-Dfoo=bar"),
                apply(List.of("-Dfoo=bar")));
    }

    @Test
    void theUsersHeapWins() {
        for (String option : List.of("-Xmx2g", "-Xms1g", "-XX:MaxRAMPercentage=50", "-XX:MaxHeapSize=1g")) {
            assertEquals(
                    List.of(C1_ONLY, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND, option),
                    apply(List.of(option)),
                    option);
        }
        assertEquals(
                List.of(C1_ONLY, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND),
                applyWithEnvironment("JAVA_TOOL_OPTIONS", "-Dx=1  -Xmx3g"));
        assertEquals(
                List.of(C1_ONLY, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND),
                applyWithEnvironment("JDK_JAVA_OPTIONS", "-XX:MaxRAM=4g"));
    }

    @Test
    void theUsersCompilerChoiceWins() {
        for (String option : List.of("-XX:TieredStopAtLevel=4", "-XX:-TieredCompilation", "-Xint", "-Xcomp")) {
            assertEquals(
                    List.of(XMS, XMX, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND, option),
                    apply(List.of(option)),
                    option);
        }
        assertEquals(
                List.of(XMS, XMX, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND),
                applyWithEnvironment("_JAVA_OPTIONS", "-XX:TieredStopAtLevel=4"));
    }

    @Test
    void aBrokerThatMayServeTlsKeepsC2ForTheJdksAesGcmIntrinsics() {
        assertEquals(
                List.of(XMS, XMX, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND, "-Dfoo=bar"),
                BrokerJvmDefaults.apply(List.of("-Dfoo=bar"), Map.of(), true, JAVA_17));
    }

    @Test
    void theUsersNettyAllocatorSettingsWin() {
        assertEquals(
                List.of(XMS, XMX, C1_ONLY, PERF_DATA_EVERY_SECOND, "-Dio.netty.allocator.type=pooled"),
                apply(List.of("-Dio.netty.allocator.type=pooled")));
        assertEquals(
                List.of(XMS, XMX, C1_ONLY, PERF_DATA_EVERY_SECOND),
                applyWithEnvironment("JAVA_TOOL_OPTIONS", "-Dio.netty.allocator.lowMemory=true"));
    }

    @Test
    void theUsersPerfDataSettingsWin() {
        for (String option : List.of("-XX:PerfDataSamplingInterval=50", "-XX:-UsePerfData")) {
            assertEquals(List.of(XMS, XMX, C1_ONLY, NETTY_NORMAL_MEMORY, option), apply(List.of(option)), option);
        }
    }

    @Test
    void noPerfDataSamplingOptionFromJava25OnWhichRemovedIt() {
        assertEquals(
                List.of(XMS, XMX, C1_ONLY, NETTY_NORMAL_MEMORY, UNSAFE_ALLOWED, NETTY_ON_UNSAFE),
                BrokerJvmDefaults.apply(List.of(), Map.of(), false, 25));
        assertEquals(
                List.of(
                        XMS,
                        XMX,
                        C1_ONLY,
                        NETTY_NORMAL_MEMORY,
                        PERF_DATA_EVERY_SECOND,
                        UNSAFE_ALLOWED,
                        NETTY_ON_UNSAFE),
                BrokerJvmDefaults.apply(List.of(), Map.of(), false, 24));
    }

    @Test
    void unsafeMemoryAccessOnlyOnTheReleasesThatWarnAndAreKnownToAcceptTheOption() {
        assertEquals(
                List.of(XMS, XMX, C1_ONLY, NETTY_NORMAL_MEMORY, PERF_DATA_EVERY_SECOND),
                BrokerJvmDefaults.apply(List.of(), Map.of(), false, 23));
        assertEquals(
                List.of(XMS, XMX, C1_ONLY, NETTY_NORMAL_MEMORY),
                BrokerJvmDefaults.apply(List.of(), Map.of(), false, 26));
    }

    @Test
    void theUsersUnsafeChoiceWins() {
        for (String option : List.of(
                "--sun-misc-unsafe-memory-access=warn", "-Dio.netty.noUnsafe=true", "-Dio.netty.tryUnsafe=false")) {
            assertEquals(
                    List.of(XMS, XMX, C1_ONLY, NETTY_NORMAL_MEMORY, option),
                    BrokerJvmDefaults.apply(List.of(option), Map.of(), false, 25),
                    option);
        }
        assertEquals(
                List.of(XMS, XMX, C1_ONLY, NETTY_NORMAL_MEMORY),
                BrokerJvmDefaults.apply(
                        List.of(), Map.of("JDK_JAVA_OPTIONS", "--sun-misc-unsafe-memory-access=deny"), false, 25));
    }
}
