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
