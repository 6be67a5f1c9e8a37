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

import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * An {@link InputStream} over a buffer's remaining bytes (read through a duplicate, so the buffer itself is not
 * moved): feeds a batch's compressed payload to a codec's stream without copying it.
 *
 * <p>Not thread-safe.
 */
final class ByteBufferInputStream extends InputStream {
    private final ByteBuffer buffer;

    ByteBufferInputStream(ByteBuffer buffer) {
        this.buffer = buffer.duplicate();
    }

    @Override
    public int read() {
        return buffer.hasRemaining() ? buffer.get() & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (!buffer.hasRemaining()) {
            return -1;
        }
        int n = Math.min(len, buffer.remaining());
        buffer.get(b, off, n);
        return n;
    }

    @Override
    public long skip(long n) {
        int skipped = (int) Math.max(0, Math.min(n, buffer.remaining()));
        buffer.position(buffer.position() + skipped);
        return skipped;
    }

    @Override
    public int available() {
        return buffer.remaining();
    }
}
