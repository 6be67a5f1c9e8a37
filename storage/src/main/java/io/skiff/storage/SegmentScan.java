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

import java.util.function.IntSupplier;

/**
 * A reference on a segment's channel, held while its batches are scanned ({@link Segment#openScan()}); closing it
 * releases the reference. Not thread-safe: one scan's.
 */
final class SegmentScan implements AutoCloseable {
    private final SharedChannel held;
    private final IntSupplier publishedSize;

    SegmentScan(SharedChannel held, IntSupplier publishedSize) {
        this.held = held;
        this.publishedSize = publishedSize;
    }

    /** A scanner over the batches from file position {@code from} up to the segment's published size. */
    BatchScanner batches(long from, int bufferSize, boolean fullBatches) {
        return new BatchScanner(held.channel(), from, publishedSize.getAsInt(), bufferSize, fullBatches);
    }

    @Override
    public void close() {
        held.release();
    }
}
