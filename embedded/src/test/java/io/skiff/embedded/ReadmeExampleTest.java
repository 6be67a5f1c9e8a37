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
