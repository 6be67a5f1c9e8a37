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
