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
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A FileChannel closed when its last holder lets go. The segment that opened it holds one reference; every
 * {@link FileSlice} handed out holds another, so a segment that is released or deleted never closes a channel
 * under an in-flight send. Thread-safe (lock-free reference count).
 */
final class SharedChannel {
    private final FileChannel channel;
    private final AtomicInteger refs = new AtomicInteger(1);

    SharedChannel(FileChannel channel) {
        this.channel = channel;
    }

    FileChannel channel() {
        return channel;
    }

    /** Takes one more reference; false if the channel has already been closed. */
    boolean tryAcquire() {
        while (true) {
            int n = refs.get();
            if (n <= 0) {
                return false;
            }
            if (refs.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    /** Drops one reference; the last one closes the channel. */
    void release() {
        int n = refs.decrementAndGet();
        if (n == 0) {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException("closing a segment channel failed", e);
            }
        } else if (n < 0) {
            throw new IllegalStateException("segment channel released more often than acquired");
        }
    }
}
