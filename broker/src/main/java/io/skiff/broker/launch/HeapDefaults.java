package io.skiff.broker.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The broker JVM's heap when the user chose none: {@value #INITIAL} initial, {@value #MAXIMUM} at most. A developer
 * runs Skiff beside an IDE and the application under test, so the JVM's own default (a quarter of the machine's
 * memory) is too much to reserve; a user's {@code -Xmx}, {@code -Xms} or RAM-percentage option, on the command line
 * or in a JVM options environment variable, wins (nothing is added then).
 *
 * <p>Stateless.
 */
final class HeapDefaults {
    static final String INITIAL = "-Xms64m";
    static final String MAXIMUM = "-Xmx512m";

    private static final List<String> HEAP_OPTIONS = List.of(
            "-Xmx", "-Xms", "-XX:MaxRAM", "-XX:MaxRAMPercentage", "-XX:InitialRAMPercentage", "-XX:MaxHeapSize");
    private static final List<String> OPTION_VARIABLES =
            List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private HeapDefaults() {}

    /** {@code options} plus the default heap options, unless they or {@code environment} already set the heap. */
    static List<String> apply(List<String> options, Map<String, String> environment) {
        if (setsHeap(options)) {
            return options;
        }
        for (String variable : OPTION_VARIABLES) {
            String value = environment.get(variable);
            if (value != null && setsHeap(List.of(value.trim().split("\\s+")))) {
                return options;
            }
        }
        List<String> withDefaults = new ArrayList<>(List.of(INITIAL, MAXIMUM));
        withDefaults.addAll(options); // the user's own options last
        return withDefaults;
    }

    private static boolean setsHeap(List<String> options) {
        return options.stream().anyMatch(o -> HEAP_OPTIONS.stream().anyMatch(o::startsWith));
    }
}
