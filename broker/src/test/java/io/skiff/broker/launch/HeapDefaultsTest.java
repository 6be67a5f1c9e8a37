package io.skiff.broker.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeapDefaultsTest {
    @Test
    void developerHeapWhenNothingIsSet() {
        assertEquals(List.of("-Xms64m", "-Xmx512m", "-Dfoo=bar"), HeapDefaults.apply(List.of("-Dfoo=bar"), Map.of()));
    }

    @Test
    void theUsersHeapWins() {
        for (String option : List.of("-Xmx2g", "-Xms1g", "-XX:MaxRAMPercentage=50", "-XX:MaxHeapSize=1g")) {
            assertEquals(List.of(option), HeapDefaults.apply(List.of(option), Map.of()), option);
        }
        assertEquals(List.of(), HeapDefaults.apply(List.of(), Map.of("JAVA_TOOL_OPTIONS", "-Dx=1  -Xmx3g")));
        assertEquals(List.of(), HeapDefaults.apply(List.of(), Map.of("JDK_JAVA_OPTIONS", "-XX:MaxRAM=4g")));
    }
}
