package io.skiff.broker.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerJvmDefaultsTest {
    @Test
    void developerHeapAndClientCompilerWhenNothingIsSet() {
        assertEquals(
                List.of("-Xms64m", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-Dfoo=bar"),
                BrokerJvmDefaults.apply(List.of("-Dfoo=bar"), Map.of()));
    }

    @Test
    void theUsersHeapWins() {
        for (String option : List.of("-Xmx2g", "-Xms1g", "-XX:MaxRAMPercentage=50", "-XX:MaxHeapSize=1g")) {
            assertEquals(
                    List.of("-XX:TieredStopAtLevel=1", option),
                    BrokerJvmDefaults.apply(List.of(option), Map.of()),
                    option);
        }
        assertEquals(
                List.of("-XX:TieredStopAtLevel=1"),
                BrokerJvmDefaults.apply(List.of(), Map.of("JAVA_TOOL_OPTIONS", "-Dx=1  -Xmx3g")));
        assertEquals(
                List.of("-XX:TieredStopAtLevel=1"),
                BrokerJvmDefaults.apply(List.of(), Map.of("JDK_JAVA_OPTIONS", "-XX:MaxRAM=4g")));
    }

    @Test
    void theUsersCompilerChoiceWins() {
        for (String option : List.of("-XX:TieredStopAtLevel=4", "-XX:-TieredCompilation", "-Xint", "-Xcomp")) {
            assertEquals(
                    List.of("-Xms64m", "-Xmx512m", option), BrokerJvmDefaults.apply(List.of(option), Map.of()), option);
        }
        assertEquals(
                List.of("-Xms64m", "-Xmx512m"),
                BrokerJvmDefaults.apply(List.of(), Map.of("_JAVA_OPTIONS", "-XX:TieredStopAtLevel=4")));
    }
}
