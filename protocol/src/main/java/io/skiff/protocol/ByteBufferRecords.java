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
package io.skiff.protocol;

import java.nio.ByteBuffer;

/**
 * Records held in a ByteBuffer; on read a zero-copy slice of the request buffer. Immutable view
 * (the bytes may still be changed through the buffer, e.g. to assign offsets); thread-safe if they are not.
 */
public final class ByteBufferRecords implements Records {
    private final ByteBuffer buffer;

    /** Wraps the bytes between the buffer's position and limit (the buffer's position is not changed later). */
    public ByteBufferRecords(ByteBuffer buffer) {
        this.buffer = buffer.slice();
    }

    /** A duplicate of the underlying buffer, positioned at the first byte; shares the bytes. */
    public ByteBuffer buffer() {
        return buffer.duplicate();
    }

    @Override
    public int sizeInBytes() {
        return buffer.remaining();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteBufferRecords other && buffer.equals(other.buffer);
    }

    @Override
    public int hashCode() {
        return buffer.hashCode();
    }

    @Override
    public String toString() {
        return "ByteBufferRecords(" + sizeInBytes() + " bytes)";
    }
}
