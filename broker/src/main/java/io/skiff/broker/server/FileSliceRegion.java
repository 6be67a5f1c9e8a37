package io.skiff.broker.server;

import io.netty.channel.DefaultFileRegion;
import io.skiff.storage.FileSlice;

/**
 * Sends one {@link FileSlice} with sendfile. Extends {@link DefaultFileRegion} because Netty's epoll transport
 * only uses native sendfile for that type; unlike its parent it does not close the file channel (the segment
 * owns it) but releases the slice when the region is deallocated — after it was sent, or when the connection
 * dropped it.
 *
 * <p>Thread-safety as {@link DefaultFileRegion}: reference-counted, used by one channel.
 */
final class FileSliceRegion extends DefaultFileRegion {
    private final FileSlice slice;

    FileSliceRegion(FileSlice slice) {
        super(slice.channel(), slice.position(), slice.length());
        this.slice = slice;
    }

    /** The segment's file (for copying the slice where sendfile cannot be used). */
    java.nio.channels.FileChannel fileChannel() {
        return slice.channel();
    }

    @Override
    protected void deallocate() {
        slice.release();
    }
}
