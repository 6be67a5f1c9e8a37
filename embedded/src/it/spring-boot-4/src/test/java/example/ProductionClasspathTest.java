package example;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A test-scope dependency on Skiff adds nothing to the application's runtime classpath (its production jar). */
class ProductionClasspathTest {
    @Test
    void noSkiffAndNoNettyAtRuntime() throws Exception {
        String runtime = Files.readString(Path.of("target/runtime-dependencies.txt"));
        assertThat(runtime).contains("org.springframework.kafka:spring-kafka");
        assertThat(runtime).doesNotContain("io.skiff").doesNotContain("io.netty");
    }
}
