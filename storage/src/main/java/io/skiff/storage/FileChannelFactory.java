package io.skiff.storage;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * Opens the channels a log writes its segments through: the active segment's {@code .log} (appends, fsyncs, the
 * new file of a roll) and the {@code .index} / {@code .timeindex} files written when a segment is sealed or its
 * indexes rebuilt. It exists so that tests can make those writes fail as a full disk does; production uses
 * {@link #DEFAULT}.
 *
 * <p>Implementations must be thread-safe.
 */
@FunctionalInterface
public interface FileChannelFactory {
    /** {@link FileChannel#open(Path, OpenOption...)}. */
    FileChannelFactory DEFAULT = FileChannel::open;

    FileChannel open(Path file, OpenOption... options) throws IOException;
}
