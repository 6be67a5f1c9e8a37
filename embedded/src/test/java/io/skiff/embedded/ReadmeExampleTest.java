package io.skiff.embedded;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's complete example is the test that the Netty 4.1 test project compiles and runs against the jar; this
 * keeps the two the same.
 */
class ReadmeExampleTest {
    @Test
    void theReadmeShowsTheCompiledExample() throws IOException {
        Path module = Path.of(System.getProperty("user.dir"));
        String readme = Files.readString(module.resolve("../README.md"));
        String example =
                Files.readString(module.resolve("src/it/plain-netty41/src/test/java/example/OrderServiceTest.java"));
        // The README shows the file from its imports on, without the package line and the comment about itself.
        String shown = example.substring(example.indexOf("import "))
                .replace("// The README's example, compiled and run against the published jar.\n", "");
        assertTrue(readme.contains(shown), "README.md must show, verbatim:\n" + shown);
    }
}
