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
