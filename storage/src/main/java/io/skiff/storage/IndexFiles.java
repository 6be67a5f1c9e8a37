package io.skiff.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Writes small side files (indexes, checkpoints) completely and durably. Stateless; thread-safe. */
final class IndexFiles {
    private IndexFiles() {
    }

    static void writeAndForce(Path file, ByteBuffer content) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            long pos = 0;
            while (content.hasRemaining()) {
                pos += ch.write(content, pos);
            }
            ch.force(true);
        }
    }
}
