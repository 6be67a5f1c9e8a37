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

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The segments of one log by base offset, which of them is active (the one appended to), and the cache that keeps
 * only a few closed ones holding file handles: the lookups that the log, its reader and the cleaner share.
 * <p>Thread-safety: lookups take no lock and may run beside the log's single writer, which alone changes the map
 * (under the log's write lock); a lookup sees each segment whole, or not at all.
 */
final class LogSegments {
    private static final int MAX_OPEN_CLOSED_SEGMENTS = 4;

    private final ConcurrentSkipListMap<Long, Segment> segments = new ConcurrentSkipListMap<>();
    private final OpenSegments open = new OpenSegments(MAX_OPEN_CLOSED_SEGMENTS);
    private volatile Segment active;

    /** Fills an empty map with the segments a log was opened with, the last one active. */
    LogSegments(List<Segment> loaded) {
        for (Segment s : loaded) {
            segments.put(s.baseOffset(), s);
        }
        active = loaded.get(loaded.size() - 1);
    }

    Segment active() {
        return active;
    }

    /** Adds {@code fresh} after the active segment and appends to it from now on; the old one may be closed. */
    void roll(Segment fresh) {
        Segment old = active;
        segments.put(fresh.baseOffset(), fresh);
        active = fresh;
        open.touch(old);
    }

    /** The segment holding {@code offset} (the last one whose base offset is at most it), or null. */
    Segment floor(long offset) {
        Map.Entry<Long, Segment> e = segments.floorEntry(offset);
        return e == null ? null : e.getValue();
    }

    /** The segment after {@code s}, or null if it is the last. */
    Segment after(Segment s) {
        Map.Entry<Long, Segment> e = segments.higherEntry(s.baseOffset());
        return e == null ? null : e.getValue();
    }

    /** The segments from the one holding {@code offset} on, in offset order (all when it is below the first). */
    Collection<Segment> from(long offset) {
        Long floor = segments.floorKey(offset);
        return (floor == null ? segments : segments.tailMap(floor, true)).values();
    }

    /** Every segment, in offset order. */
    Collection<Segment> all() {
        return segments.values();
    }

    /** The segments from the one holding {@code offset} up to, not including, {@code below}. */
    Collection<Segment> between(long offset, Segment below) {
        Long from = segments.floorKey(offset);
        if (from == null) {
            from = segments.firstKey();
        }
        return segments.subMap(from, true, below.baseOffset(), false).values();
    }

    Segment first() {
        return segments.firstEntry().getValue();
    }

    long firstBaseOffset() {
        return segments.firstKey();
    }

    int count() {
        return segments.size();
    }

    long sizeInBytes() {
        long total = 0;
        for (Segment s : segments.values()) {
            total += s.size();
        }
        return total;
    }

    /** True while {@code s} is in the log and closed (the cleaner's check that a group is still what it read). */
    boolean holdsClosed(Segment s) {
        return segments.get(s.baseOffset()) == s && s != active;
    }

    /** A closed segment was read: it joins (or refreshes) the few that keep their files open. */
    void touched(Segment s) {
        if (!s.isWritable()) {
            open.touch(s);
        }
    }

    /** Takes {@code s} out of the log (its files are the caller's to delete). */
    void remove(Segment s) {
        segments.remove(s.baseOffset());
        open.forget(s);
    }

    /**
     * Puts {@code fresh} in for {@code group}: readers find the new segment before the old ones go, and one holding
     * an old segment finds its channel gone and looks again.
     */
    void replace(List<Segment> group, Segment fresh) {
        segments.put(fresh.baseOffset(), fresh);
        for (Segment s : group) {
            if (s.baseOffset() != fresh.baseOffset()) {
                segments.remove(s.baseOffset());
            }
            open.forget(s);
        }
    }

    /** The closed segments overlapping [{@code from}, {@code to}), in offset order (the active segment never). */
    List<Segment> closed(long from, long to) {
        List<Segment> out = new ArrayList<>();
        Segment a = active;
        for (Segment s : from(from)) {
            if (s == a || s.baseOffset() >= to) {
                break;
            }
            if (s.nextOffset() > from) {
                out.add(s);
            }
        }
        return out;
    }

    /** The aborted transactions whose range overlaps [{@code from}, {@code to}), by first offset. */
    List<AbortedTxn> abortedTransactions(long from, long to) throws IOException {
        List<AbortedTxn> out = new ArrayList<>();
        for (Segment seg : from(from)) {
            if (seg.baseOffset() >= to) {
                break;
            }
            for (AbortedTxn t : seg.txnIndex().all()) {
                if (t.lastOffset() >= from && t.firstOffset() < to) {
                    out.add(t);
                }
            }
        }
        out.sort(Comparator.comparingLong(AbortedTxn::firstOffset));
        return out;
    }

    /** Releases every segment's handles (the files stay). */
    void closeHandles() {
        for (Segment s : segments.values()) {
            open.forget(s);
            s.closeHandles();
        }
    }

    /** Deletes every segment's files and empties the map. */
    void deleteAll() throws IOException {
        for (Segment s : segments.values()) {
            s.delete();
        }
        segments.clear();
    }
}
