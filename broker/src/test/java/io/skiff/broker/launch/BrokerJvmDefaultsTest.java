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

    @Test
    void developerHeapAndClientCompilerWhenNothingIsSet() {
        assertEquals(
                List.of(
                        "-Xms64m",
                        "-Xmx512m",
                        "-XX:TieredStopAtLevel=1",
                        "-Dio.netty.allocator.lowMemory=false",
                        "-XX:PerfDataSamplingInterval=1000",
                        "-Dfoo=bar"),
                BrokerJvmDefaults.apply(List.of("-Dfoo=bar"), Map.of(), false, JAVA_17));
    }

    @Test
    void theUsersHeapWins() {
        for (String option : List.of("-Xmx2g", "-Xms1g", "-XX:MaxRAMPercentage=50", "-XX:MaxHeapSize=1g")) {
            assertEquals(
                    List.of(
                            "-XX:TieredStopAtLevel=1",
                            "-Dio.netty.allocator.lowMemory=false",
                            "-XX:PerfDataSamplingInterval=1000",
                            option),
                    BrokerJvmDefaults.apply(List.of(option), Map.of(), false, JAVA_17),
                    option);
        }
        assertEquals(
                List.of(
                        "-XX:TieredStopAtLevel=1",
                        "-Dio.netty.allocator.lowMemory=false",
                        "-XX:PerfDataSamplingInterval=1000"),
                BrokerJvmDefaults.apply(List.of(), Map.of("JAVA_TOOL_OPTIONS", "-Dx=1  -Xmx3g"), false, JAVA_17));
        assertEquals(
                List.of(
                        "-XX:TieredStopAtLevel=1",
                        "-Dio.netty.allocator.lowMemory=false",
                        "-XX:PerfDataSamplingInterval=1000"),
                BrokerJvmDefaults.apply(List.of(), Map.of("JDK_JAVA_OPTIONS", "-XX:MaxRAM=4g"), false, JAVA_17));
    }

    @Test
    void theUsersCompilerChoiceWins() {
        for (String option : List.of("-XX:TieredStopAtLevel=4", "-XX:-TieredCompilation", "-Xint", "-Xcomp")) {
            assertEquals(
                    List.of(
                            "-Xms64m",
                            "-Xmx512m",
                            "-Dio.netty.allocator.lowMemory=false",
                            "-XX:PerfDataSamplingInterval=1000",
                            option),
                    BrokerJvmDefaults.apply(List.of(option), Map.of(), false, JAVA_17),
                    option);
        }
        assertEquals(
                List.of(
                        "-Xms64m",
                        "-Xmx512m",
                        "-Dio.netty.allocator.lowMemory=false",
                        "-XX:PerfDataSamplingInterval=1000"),
                BrokerJvmDefaults.apply(List.of(), Map.of("_JAVA_OPTIONS", "-XX:TieredStopAtLevel=4"), false, JAVA_17));
    }

    @Test
    void aBrokerThatMayServeTlsKeepsC2ForTheJdksAesGcmIntrinsics() {
        assertEquals(
                List.of(
                        "-Xms64m",
                        "-Xmx512m",
                        "-Dio.netty.allocator.lowMemory=false",
                        "-XX:PerfDataSamplingInterval=1000",
                        "-Dfoo=bar"),
                BrokerJvmDefaults.apply(List.of("-Dfoo=bar"), Map.of(), true, JAVA_17));
    }

    @Test
    void theUsersNettyAllocatorSettingsWin() {
        assertEquals(
                List.of(
                        "-Xms64m",
                        "-Xmx512m",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:PerfDataSamplingInterval=1000",
                        "-Dio.netty.allocator.type=pooled"),
                BrokerJvmDefaults.apply(List.of("-Dio.netty.allocator.type=pooled"), Map.of(), false, JAVA_17));
        assertEquals(
                List.of("-Xms64m", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:PerfDataSamplingInterval=1000"),
                BrokerJvmDefaults.apply(
                        List.of(), Map.of("JAVA_TOOL_OPTIONS", "-Dio.netty.allocator.lowMemory=true"), false, JAVA_17));
    }

    @Test
    void theUsersPerfDataSettingsWin() {
        for (String option : List.of("-XX:PerfDataSamplingInterval=50", "-XX:-UsePerfData")) {
            assertEquals(
                    List.of(
                            "-Xms64m",
                            "-Xmx512m",
                            "-XX:TieredStopAtLevel=1",
                            "-Dio.netty.allocator.lowMemory=false",
                            option),
                    BrokerJvmDefaults.apply(List.of(option), Map.of(), false, JAVA_17),
                    option);
        }
    }

    @Test
    void noPerfDataSamplingOptionFromJava25OnWhichRemovedIt() {
        assertEquals(
                List.of("-Xms64m", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-Dio.netty.allocator.lowMemory=false"),
                BrokerJvmDefaults.apply(List.of(), Map.of(), false, 25));
        assertEquals(
                List.of(
                        "-Xms64m",
                        "-Xmx512m",
                        "-XX:TieredStopAtLevel=1",
                        "-Dio.netty.allocator.lowMemory=false",
                        "-XX:PerfDataSamplingInterval=1000"),
                BrokerJvmDefaults.apply(List.of(), Map.of(), false, 24));
    }
}
