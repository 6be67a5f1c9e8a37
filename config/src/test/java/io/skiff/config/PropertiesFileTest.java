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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PropertiesFileTest {
    @TempDir
    Path dir;

    @Test
    void readsCommentsContinuationsEscapesAndUtf8() throws IOException {
        Path f = dir.resolve("server.properties");
        Files.writeString(f, """
                # comment
                ! also a comment
                listeners = PLAINTEXT://127.0.0.1:9092,\\
                            OTHER://127.0.0.1:9093
                log.dirs=/data/k\\u00e4fka
                cluster.id: ünïcode
                """);
        assertEquals(
                Map.of(
                        "listeners",
                        "PLAINTEXT://127.0.0.1:9092,OTHER://127.0.0.1:9093",
                        "log.dirs",
                        "/data/käfka",
                        "cluster.id",
                        "ünïcode"),
                PropertiesFile.load(f));
    }
}
