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
package io.skiff.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OffsetMapTest {
    private static ByteBuffer key(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void keepsTheLatestOffsetOfEveryKey() {
        OffsetMap map = new OffsetMap(1 << 16, 0.9);
        for (int i = 0; i < 1000; i++) {
            map.put(key("k" + (i % 100)), i);
        }
        assertEquals(100, map.size());
        for (int k = 0; k < 100; k++) {
            assertEquals(900 + k, map.get(key("k" + k)));
        }
        assertEquals(-1, map.get(key("missing")));
        assertEquals(999, map.latestOffset());
    }

    @Test
    void fillsOnlyToItsLoadFactorAndClears() {
        OffsetMap map = new OffsetMap(10 * OffsetMap.ENTRY_SIZE, 0.5);
        for (int i = 0; i < 5; i++) {
            map.put(key("k" + i), i);
        }
        assertTrue(map.isFull());
        assertEquals(0, map.remaining());
        map.put(key("k0"), 10); // an existing key still updates
        assertEquals(10, map.get(key("k0")));
        assertThrows(IllegalStateException.class, () -> map.put(key("new"), 11));
        map.clear();
        assertFalse(map.isFull());
        assertEquals(-1, map.get(key("k0")));
        assertEquals(-1, map.latestOffset());
    }

    @Test
    void theKeyBufferIsNotMoved() {
        OffsetMap map = new OffsetMap(1 << 12, 0.9);
        ByteBuffer k = key("abc");
        map.put(k, 7);
        assertEquals(0, k.position());
        assertEquals(7, map.get(k));
    }
}
