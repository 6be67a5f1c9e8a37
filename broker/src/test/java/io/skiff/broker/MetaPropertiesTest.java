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
package io.skiff.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetaPropertiesTest {
    @TempDir
    Path dir;

    @Test
    void createsOnceThenKeepsTheStoredClusterId() throws IOException {
        MetaProperties first = MetaProperties.loadOrCreate(dir, 3, Optional.empty());
        MetaProperties again = MetaProperties.loadOrCreate(dir, 3, Optional.empty());
        assertEquals(first, again);
        assertEquals(3, again.nodeId());
        String text = Files.readString(dir.resolve("meta.properties"));
        assertTrue(text.contains("cluster.id=" + first.clusterId()), text);
        assertTrue(text.contains("node.id=3"), text);
        assertTrue(text.contains("version=1"), text);
    }

    @Test
    void configuredClusterIdIsUsedForANewDirectory() throws IOException {
        assertEquals(
                "abc", MetaProperties.loadOrCreate(dir, 1, Optional.of("abc")).clusterId());
    }

    @Test
    void mismatchingNodeIdOrClusterIdStopsStartup() throws IOException {
        MetaProperties.loadOrCreate(dir, 1, Optional.of("abc"));
        IllegalStateException node =
                assertThrows(IllegalStateException.class, () -> MetaProperties.loadOrCreate(dir, 2, Optional.empty()));
        assertTrue(node.getMessage().contains("node.id"), node.getMessage());
        IllegalStateException cluster = assertThrows(
                IllegalStateException.class, () -> MetaProperties.loadOrCreate(dir, 1, Optional.of("other")));
        assertTrue(cluster.getMessage().contains("cluster.id"), cluster.getMessage());
    }

    @Test
    void randomClusterIdIsKafkaStyleBase64OfSixteenBytes() {
        String a = MetaProperties.randomClusterId();
        String b = MetaProperties.randomClusterId();
        assertNotEquals(a, b);
        assertEquals(22, a.length());
        assertFalse(a.startsWith("-"));
        assertEquals(16, Base64.getUrlDecoder().decode(a).length);
    }

    @Test
    void corruptFileIsAnError() throws IOException {
        Files.writeString(dir.resolve("meta.properties"), "node.id=1\n");
        assertThrows(IOException.class, () -> MetaProperties.loadOrCreate(dir, 1, Optional.empty()));
    }
}
