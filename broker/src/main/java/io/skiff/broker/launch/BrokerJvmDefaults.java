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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The options the launcher adds to the broker JVM where the user chose none, each group only when neither the
 * command line nor a JVM options environment variable sets anything of its kind (the user's choice wins):
 *
 * <ul>
 *   <li>Heap: {@value #INITIAL} initial, {@value #MAXIMUM} at most. A developer runs Skiff beside an IDE and the
 *       application under test, so the JVM's own default (a quarter of the machine's memory) is too much to reserve.
 *   <li>JIT: {@value #C1_ONLY}, the client compiler only. On a benchmark-length run the C2 compiler threads used
 *       about a third of the broker's CPU on two cores, and the broker's work is mostly the kernel's (socket and page
 *       cache copies), so C2's faster code bought no measurable throughput (docs/performance.md). C2 needs some 40
 *       M records to earn its compilation back (a fifth less CPU per record once warm); a user who runs a broker
 *       that long passes {@code -XX:TieredStopAtLevel=4}. Not for a broker that may serve TLS
 *       ({@link TlsListeners}): the JDK's AES-GCM runs 25 times slower without C2's intrinsics, and so did TLS produce
 *       and fetch.
 *   <li>Netty's buffer allocator: {@value #NETTY_FULL_MEMORY}. Netty treats a heap of at most 512 MiB as low
 *       memory and then serves the 64 KiB buffers a busy producer's connection reads into outside its pool: a new
 *       {@code DirectByteBuffer} each time, zeroed and with a cleaner (4 % of the broker's CPU over a 1 KiB
 *       idempotent produce, profiled; 0 % with this option, at the same peak RSS). Not when the user set any
 *       {@code io.netty.allocator} property.
 *   <li>{@value #PERF_DATA_SAMPLING}: the JVM samples its performance counters (what {@code jstat} shows) every
 *       50 ms by default, on a thread whose wake-ups were half of an idle broker's CPU (about 1 of its 3 ms per
 *       second, profiled) and 2 % of it under load. Once a second keeps {@code jps}, {@code jcmd} and
 *       {@code jstat} working. Not when the user set {@code PerfDataSamplingInterval} or {@code UsePerfData}, and
 *       not on Java 25 and later, which removed the option (and warn at every start when given it).
 *   <li>{@value #UNSAFE_MEMORY_ACCESS} and {@value #NETTY_UNSAFE}, on Java {@value #FIRST_UNSAFE_WARNING_RELEASE} to
 *       {@value #LAST_UNSAFE_ALLOW_RELEASE}. Java 24 warns at the first use of {@code sun.misc.Unsafe}'s memory
 *       methods, and Netty 4.2 leaves them alone on Java 25 by default: it then finds its buffer cleaner through the
 *       foreign function API, whose cold linkage took ~40 ms of a ~200 ms start on Java 25 (measured, the broker JVM
 *       alone with its AOT cache), all on the path to the listening socket. Unsafe is what Netty uses on Java 17, so
 *       the broker runs the same code on every release. Not when the user set either option; not on releases after
 *       the last one this was measured on, whose JVM might no longer accept the option (it would refuse to start).
 * </ul>
 *
 * <p>Loops, not streams or lambdas: this runs in the launcher's cold JVM, where each costs start time. Stateless.
 */
final class BrokerJvmDefaults {
    static final String INITIAL = "-Xms64m";
    static final String MAXIMUM = "-Xmx512m";
    static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
    static final String NETTY_FULL_MEMORY = "-Dio.netty.allocator.lowMemory=false";
    static final String PERF_DATA_SAMPLING = "-XX:PerfDataSamplingInterval=1000";
    /** The last Java release with {@code PerfDataSamplingInterval}. */
    static final int LAST_PERF_DATA_SAMPLING_RELEASE = 24;

    static final String UNSAFE_MEMORY_ACCESS = "--sun-misc-unsafe-memory-access=allow";
    static final String NETTY_UNSAFE = "-Dio.netty.noUnsafe=false";
    /** The first Java release that warns when {@code sun.misc.Unsafe}'s memory methods are used (JEP 498). */
    static final int FIRST_UNSAFE_WARNING_RELEASE = 24;
    /** The last Java release measured with {@link #UNSAFE_MEMORY_ACCESS}. */
    static final int LAST_UNSAFE_ALLOW_RELEASE = 25;

    private static final List<String> HEAP_OPTIONS = List.of(
            "-Xmx", "-Xms", "-XX:MaxRAM", "-XX:MaxRAMPercentage", "-XX:InitialRAMPercentage", "-XX:MaxHeapSize");
    private static final List<String> JIT_OPTIONS = List.of(
            "-XX:TieredStopAtLevel", "-XX:+TieredCompilation", "-XX:-TieredCompilation", "-Xint", "-Xcomp", "-Xmixed");
    private static final List<String> NETTY_ALLOCATOR_OPTIONS = List.of("-Dio.netty.allocator.");
    private static final List<String> PERF_DATA_OPTIONS =
            List.of("-XX:PerfDataSamplingInterval", "-XX:+UsePerfData", "-XX:-UsePerfData");
    private static final List<String> UNSAFE_OPTIONS =
            List.of("--sun-misc-unsafe-memory-access", "-Dio.netty.noUnsafe", "-Dio.netty.tryUnsafe");
    private static final List<String> OPTION_VARIABLES =
            List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private BrokerJvmDefaults() {}

    /** As {@link #apply(List, Map, boolean)} for a broker without TLS listeners. */
    static List<String> apply(List<String> options, Map<String, String> environment) {
        return apply(options, environment, false);
    }

    /**
     * The defaults {@code options} and {@code environment} leave open, then {@code options} (last, so they win); with
     * {@code tls} the JVM's own tiered compilation (C2 included) instead of C1 only.
     */
    static List<String> apply(List<String> options, Map<String, String> environment, boolean tls) {
        return apply(options, environment, tls, Runtime.version().feature());
    }

    /** As {@link #apply(List, Map, boolean)} for a broker JVM of Java release {@code javaFeature}. */
    static List<String> apply(List<String> options, Map<String, String> environment, boolean tls, int javaFeature) {
        List<String> result = new ArrayList<>();
        if (!chosen(HEAP_OPTIONS, options, environment)) {
            result.add(INITIAL);
            result.add(MAXIMUM);
        }
        if (!tls && !chosen(JIT_OPTIONS, options, environment)) {
            result.add(C1_ONLY);
        }
        if (!chosen(NETTY_ALLOCATOR_OPTIONS, options, environment)) {
            result.add(NETTY_FULL_MEMORY);
        }
        if (javaFeature <= LAST_PERF_DATA_SAMPLING_RELEASE && !chosen(PERF_DATA_OPTIONS, options, environment)) {
            result.add(PERF_DATA_SAMPLING);
        }
        if (javaFeature >= FIRST_UNSAFE_WARNING_RELEASE
                && javaFeature <= LAST_UNSAFE_ALLOW_RELEASE
                && !chosen(UNSAFE_OPTIONS, options, environment)) {
            result.add(UNSAFE_MEMORY_ACCESS);
            result.add(NETTY_UNSAFE);
        }
        result.addAll(options);
        return result;
    }

    private static boolean chosen(List<String> kind, List<String> options, Map<String, String> environment) {
        if (setsAny(kind, options)) {
            return true;
        }
        for (String variable : OPTION_VARIABLES) {
            String value = environment.get(variable);
            if (value != null && setsAny(kind, List.of(value.trim().split("\\s+")))) {
                return true;
            }
        }
        return false;
    }

    private static boolean setsAny(List<String> kind, List<String> options) {
        for (String option : options) {
            for (String prefix : kind) {
                if (option.startsWith(prefix)) {
                    return true;
                }
            }
        }
        return false;
    }
}
