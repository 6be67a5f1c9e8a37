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
package io.skiff.broker.producer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProducerIdManagerTest {
    @TempDir
    Path dir;

    @Test
    void idsAreUniqueAcrossRestarts() throws IOException {
        Set<Long> seen = new HashSet<>();
        ProducerIdManager first = ProducerIdManager.open(dir);
        for (int i = 0; i < ProducerIdManager.BLOCK_SIZE + 10; i++) {
            assertTrue(seen.add(first.nextProducerId()));
        }
        // A "crash": the first manager is simply abandoned, the next one must not reuse any id.
        ProducerIdManager second = ProducerIdManager.open(dir);
        for (int i = 0; i < 10; i++) {
            long id = second.nextProducerId();
            assertTrue(seen.add(id), "id " + id + " handed out twice");
        }
        assertEquals(
                3L * ProducerIdManager.BLOCK_SIZE,
                ProducerIdManager.open(dir).nextProducerId(),
                "each opening reserves a fresh block");
    }

    @Test
    void blockIsPersistedBeforeTheFirstIdIsHandedOut() throws IOException {
        ProducerIdManager m = ProducerIdManager.open(dir);
        assertEquals(0L, m.nextProducerId());
        assertEquals(
                Long.toString(ProducerIdManager.BLOCK_SIZE),
                Files.readString(dir.resolve(ProducerIdManager.FILE_NAME)).trim());
    }

    @Test
    void corruptFileIsReported() throws IOException {
        Files.writeString(dir.resolve(ProducerIdManager.FILE_NAME), "banana");
        IOException e = assertThrows(IOException.class, () -> ProducerIdManager.open(dir));
        assertTrue(e.getMessage().contains("banana"), e.getMessage());
    }
}
