package io.skiff.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Keeps docs/configuration.md true: it must contain exactly the tables the key tables render. */
class ConfigDocsFileTest {

    @Test
    void configurationReferenceMatchesTheKeyTables() throws Exception {
        Path doc = Path.of("..", "docs", "configuration.md");
        String text = Files.readString(doc);
        assertTrue(
                text.contains(ConfigDocs.markdown()),
                "docs/configuration.md is out of date; regenerate its tables with: "
                        + "java -cp config/target/classes:<slf4j-api.jar> io.skiff.config.ConfigDocs");
    }
}
