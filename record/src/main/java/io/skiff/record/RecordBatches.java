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
package io.skiff.record;

import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Walks a buffer that holds zero or more record batches back to back (a produce request's
 * records, a log read, a fetch response's partition records).
 *
 * <p>Thread-safety: stateless; each iterator is for one thread.
 */
public final class RecordBatches {
    private RecordBatches() {}

    /**
     * The batches between the buffer's position and limit, as views sharing the buffer. Neither
     * position nor limit is changed. Framing is checked while iterating: a trailing fragment
     * shorter than its announced length makes {@code next()} throw {@link CorruptRecordException}
     * (a producer never sends a partial batch). Content (magic, CRC) is not checked; call
     * {@link RecordBatchView#validate()} for that.
     */
    public static Iterable<RecordBatchView> iterate(ByteBuffer buffer) {
        int from = buffer.position();
        int to = buffer.limit();
        return () -> new BatchIterator(buffer, from, to);
    }

    /** Counts the batches between position and limit, checking framing only. */
    public static int count(ByteBuffer buffer) {
        int n = 0;
        for (RecordBatchView ignored : iterate(buffer)) {
            n++;
        }
        return n;
    }

    private static final class BatchIterator implements Iterator<RecordBatchView> {
        private final ByteBuffer buffer;
        private final int end;
        private int next;

        BatchIterator(ByteBuffer buffer, int from, int end) {
            this.buffer = buffer;
            this.next = from;
            this.end = end;
        }

        @Override
        public boolean hasNext() {
            return next < end;
        }

        @Override
        public RecordBatchView next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            // The view checks against the buffer's limit; the iteration end is that same limit.
            RecordBatchView view = new RecordBatchView(buffer, next);
            next += view.sizeInBytes();
            return view;
        }
    }
}
