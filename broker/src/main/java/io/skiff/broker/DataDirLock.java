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
package io.skiff.broker;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on a data directory's {@code .lock} file, held while a broker uses it, as Kafka does: two
 * brokers appending to the same segment files would corrupt them, so the second one must not start.
 *
 * <p>The lock is the operating system's ({@code flock}-style, released when the process dies, even by SIGKILL);
 * within one JVM a second broker on the directory is refused too. Thread-safe.
 */
final class DataDirLock implements AutoCloseable {
    static final String FILE_NAME = ".lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code dataDir}.
     *
     * @throws IOException when another broker (in this or another process) holds it, or the file cannot be opened
     */
    static DataDirLock acquire(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE_NAME);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by another broker in this JVM
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new IOException("data directory " + dataDir.toAbsolutePath() + " is in use by another broker (its "
                    + FILE_NAME + " file is locked)");
        }
        return new DataDirLock(channel, lock);
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // closing the channel releases it as well
        }
        try {
            channel.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }
}
