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
