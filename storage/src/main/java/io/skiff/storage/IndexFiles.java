package io.skiff.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads and writes index files completely, without a force: they are derived data, checked when loaded and rebuilt
 * from the log if missing or torn (durable side files go through {@link AtomicFiles}). Stateless; thread-safe.
 */
final class IndexFiles {
    private IndexFiles() {}

    /** Writes an index file unless it already holds exactly {@code content} (recovery rebuilds usually match). */
    static void writeIfChanged(Path file, ByteBuffer content, FileChannelFactory files) throws IOException {
        if (Files.isRegularFile(file)
                && Files.size(file) == content.remaining()
                && ByteBuffer.wrap(Files.readAllBytes(file)).equals(content)) {
            return;
        }
        write(file, content, false, files);
    }

    /**
     * The content of an index file of fixed-size entries, positioned at the first entry; null if the file is
     * missing or torn (its size is not a whole number of entries). The caller checks the entries themselves.
     */
    static ByteBuffer readEntries(Path file, int entrySize) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        ByteBuffer buf = ByteBuffer.wrap(Files.readAllBytes(file));
        return buf.remaining() % entrySize == 0 ? buf : null;
    }

    static void write(Path file, ByteBuffer content, boolean force) throws IOException {
        write(file, content, force, FileChannelFactory.DEFAULT);
    }

    static void write(Path file, ByteBuffer content, boolean force, FileChannelFactory files) throws IOException {
        try (FileChannel ch = files.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            long pos = 0;
            while (content.hasRemaining()) {
                pos += ch.write(content, pos);
            }
            if (force) {
                ch.force(true);
            }
        }
    }
}
