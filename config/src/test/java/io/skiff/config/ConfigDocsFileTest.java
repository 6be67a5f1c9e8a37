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
