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

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps at most a few closed segments of a log holding file handles and index memory; touching one beyond the
 * limit releases the least recently used. Thread-safe (synchronized; releasing does no disk I/O beyond a close).
 */
final class OpenSegments {
    private final int max;
    private final LinkedHashMap<Segment, Boolean> lru = new LinkedHashMap<>(16, 0.75f, true);

    OpenSegments(int max) {
        this.max = max;
    }

    synchronized void touch(Segment s) {
        lru.put(s, Boolean.TRUE);
        if (lru.size() > max) {
            Iterator<Map.Entry<Segment, Boolean>> it = lru.entrySet().iterator();
            Segment eldest = it.next().getKey();
            it.remove();
            eldest.releaseHandles();
        }
    }

    synchronized void forget(Segment s) {
        lru.remove(s);
    }

    synchronized int size() {
        return lru.size();
    }
}
