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
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A byte range of a segment file holding whole batches, for sending with {@code FileChannel.transferTo} (sendfile).
 * Holds a reference on the segment's channel until {@link #release()}, so the channel stays open even if the
 * segment is deleted meanwhile. Thread-safe; release is idempotent.
 */
public final class FileSlice {
    private final SharedChannel shared;
    private final long position;
    private final int length;
    private final AtomicBoolean released = new AtomicBoolean();

    /** Takes over one reference already acquired on {@code shared}. */
    FileSlice(SharedChannel shared, long position, int length) {
        this.shared = shared;
        this.position = position;
        this.length = length;
    }

    public FileChannel channel() {
        return shared.channel();
    }

    public long position() {
        return position;
    }

    public int length() {
        return length;
    }

    /** Gives the channel reference back; call once the bytes are sent. Further calls do nothing. */
    public void release() {
        if (released.compareAndSet(false, true)) {
            shared.release();
        }
    }

    /** Copies the bytes into a new heap buffer (for internal topics and tests, not the fetch path). */
    public ByteBuffer readFully() {
        if (released.get()) {
            throw new IllegalStateException("slice already released");
        }
        ByteBuffer buf = ByteBuffer.allocate(length);
        try {
            while (buf.hasRemaining()) {
                int n = shared.channel().read(buf, position + buf.position());
                if (n < 0) {
                    throw new StorageException("segment file ended before the slice end at " + (position + length));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading a log slice failed", e);
        }
        return buf.flip();
    }

    @Override
    public String toString() {
        return "FileSlice{position=" + position + ", length=" + length + '}';
    }
}
