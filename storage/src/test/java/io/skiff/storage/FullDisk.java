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
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link FileChannelFactory} that behaves like a disk that fills up: writes succeed until {@link #fillAfter} bytes
 * more have been written (a write crossing the limit writes what fits, then fails), after which every write, file
 * creation and fsync fails with "No space left on device". Thread-safe.
 */
final class FullDisk implements FileChannelFactory {
    private final AtomicLong budget = new AtomicLong(Long.MAX_VALUE);
    private final AtomicBoolean failForce = new AtomicBoolean();

    /** Lets {@code bytes} more bytes be written, then fails. */
    void fillAfter(long bytes) {
        budget.set(bytes);
    }

    /** Makes every fsync fail from now on (the disk itself stays writable). */
    void failFsync() {
        failForce.set(true);
    }

    private static IOException noSpace() {
        return new IOException("No space left on device");
    }

    @Override
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        if (budget.get() <= 0) {
            throw noSpace();
        }
        return new Channel(FileChannel.open(file, options));
    }

    /** Takes up to {@code wanted} bytes of the budget; fails when nothing is left. */
    private int take(int wanted) throws IOException {
        while (true) {
            long left = budget.get();
            if (left <= 0) {
                throw noSpace();
            }
            int granted = (int) Math.min(left, wanted);
            if (budget.compareAndSet(left, left - granted)) {
                return granted;
            }
        }
    }

    private final class Channel extends FileChannel {
        private final FileChannel real;

        Channel(FileChannel real) {
            this.real = real;
        }

        private int write(ByteBuffer src, long position, boolean positional) throws IOException {
            if (!src.hasRemaining()) {
                return 0;
            }
            int granted = take(src.remaining());
            ByteBuffer part = src.slice(src.position(), granted);
            int n = positional ? real.write(part, position) : real.write(part);
            src.position(src.position() + n);
            return n;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return write(src, -1, false);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return write(src, position, true);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            long total = 0;
            for (int i = offset; i < offset + length; i++) {
                total += write(srcs[i]);
            }
            return total;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            if (failForce.get()) {
                throw new IOException("Input/output error");
            }
            real.force(metaData);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            throw new UnsupportedOperationException("not used by the log");
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return real.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return real.read(dsts, offset, length);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return real.read(dst, position);
        }

        @Override
        public long position() throws IOException {
            return real.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            real.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return real.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            real.truncate(size);
            return this;
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return real.transferTo(position, count, target);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return real.map(mode, position, size);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return real.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return real.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            real.close();
        }
    }
}
