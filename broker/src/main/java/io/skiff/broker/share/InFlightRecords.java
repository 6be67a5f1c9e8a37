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
package io.skiff.broker.share;

import java.util.Arrays;

/**
 * The records of a share-partition between its start offset and its end offset, one slot per offset: state,
 * delivery count, the member that holds it and when that member's lock expires. Offsets below the start offset are
 * done (acknowledged or archived); offsets at or after the end offset have never been acquired. Arrays grow as
 * records are acquired and are compacted as the start offset moves, so the window costs a few bytes per in-flight
 * record and nothing per record already done.
 *
 * <p>Not thread-safe: its {@link SharePartition} guards it.
 */
final class InFlightRecords {
    private static final RecordState[] STATES = RecordState.values();

    private long startOffset;
    private int head; // index of startOffset in the arrays
    private int size; // endOffset - startOffset
    private byte[] state = new byte[64];
    private short[] deliveryCount = new short[64];
    private String[] owner = new String[64];
    private long[] lockDeadline = new long[64];

    InFlightRecords(long startOffset) {
        this.startOffset = startOffset;
    }

    long startOffset() {
        return startOffset;
    }

    long endOffset() {
        return startOffset + size;
    }

    int size() {
        return size;
    }

    boolean contains(long offset) {
        return offset >= startOffset && offset < startOffset + size;
    }

    RecordState state(long offset) {
        return STATES[state[index(offset)]];
    }

    short deliveryCount(long offset) {
        return deliveryCount[index(offset)];
    }

    String owner(long offset) {
        return owner[index(offset)];
    }

    long lockDeadline(long offset) {
        return lockDeadline[index(offset)];
    }

    /** Extends the window by one offset at its end, in {@code s} with {@code count} deliveries so far. */
    void append(RecordState s, short count) {
        ensureCapacity(size + 1);
        int i = head + size;
        state[i] = (byte) s.ordinal();
        deliveryCount[i] = count;
        owner[i] = null;
        lockDeadline[i] = 0;
        size++;
    }

    void set(long offset, RecordState s, short count, String member, long deadline) {
        int i = index(offset);
        state[i] = (byte) s.ordinal();
        deliveryCount[i] = count;
        owner[i] = member;
        lockDeadline[i] = deadline;
    }

    void setDeadline(long offset, long deadline) {
        lockDeadline[index(offset)] = deadline;
    }

    /** Moves the start offset past the leading acknowledged and archived records; returns the new start offset. */
    long advanceStart() {
        int done = 0;
        while (done < size && STATES[state[head + done]].isFinal()) {
            done++;
        }
        drop(done);
        return startOffset;
    }

    /** Moves the start offset to {@code offset} (the log start moved, or the offsets were reset), forgetting below. */
    void resetStart(long offset) {
        if (offset >= endOffset()) {
            clear(offset);
        } else if (offset > startOffset) {
            drop((int) (offset - startOffset));
        }
    }

    /** Forgets every in-flight record; the window starts, empty, at {@code offset}. */
    void clear(long offset) {
        Arrays.fill(owner, null);
        startOffset = offset;
        head = 0;
        size = 0;
    }

    private void drop(int n) {
        Arrays.fill(owner, head, head + n, null);
        head += n;
        size -= n;
        startOffset += n;
        if (size == 0) {
            head = 0;
        }
    }

    private int index(long offset) {
        if (!contains(offset)) {
            throw new IndexOutOfBoundsException(
                    "offset " + offset + " outside the in-flight window [" + startOffset + ", " + endOffset() + ")");
        }
        return head + (int) (offset - startOffset);
    }

    private void ensureCapacity(int needed) {
        if (head + needed <= state.length) {
            return;
        }
        if (needed <= state.length / 2) { // room enough once the done records before head are dropped
            compact();
            return;
        }
        int capacity = Math.max(needed, state.length * 2);
        state = Arrays.copyOfRange(state, head, head + capacity);
        deliveryCount = Arrays.copyOfRange(deliveryCount, head, head + capacity);
        owner = Arrays.copyOfRange(owner, head, head + capacity);
        lockDeadline = Arrays.copyOfRange(lockDeadline, head, head + capacity);
        head = 0;
    }

    private void compact() {
        System.arraycopy(state, head, state, 0, size);
        System.arraycopy(deliveryCount, head, deliveryCount, 0, size);
        System.arraycopy(owner, head, owner, 0, size);
        System.arraycopy(lockDeadline, head, lockDeadline, 0, size);
        Arrays.fill(owner, size, owner.length, null);
        head = 0;
    }
}
