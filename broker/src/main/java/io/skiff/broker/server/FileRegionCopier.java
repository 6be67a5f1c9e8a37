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

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * On TLS connections only: record data must be encrypted, so it cannot go from the file to the socket with
 * sendfile. This handler, placed between the response writer and Netty's TLS handler, reads each
 * {@link FileSliceRegion} into a pooled heap buffer and passes that on (heap, because the JDK's TLS engine encrypts
 * from heap buffers; a direct one would be copied once more: about 30% slower consumers over TLS when measured). Plaintext connections do not have it and keep
 * zero-copy.
 *
 * <p>Not thread-safe: one per channel, used on its event loop.
 */
final class FileRegionCopier extends ChannelOutboundHandlerAdapter {
    /**
     * Record data goes to the TLS handler in slices of this size, each flushed but the last: the TLS handler encrypts
     * what it holds only at a flush, so a 1 MiB region passed whole was all encrypted before its first byte left, and
     * the consumer, which decrypts as bytes arrive, waited idle meanwhile (as Kafka's transport layer does, encrypting
     * and writing a record at a time). Small enough for the allocator's pooled sizes (no zeroed 1 MiB arrays).
     */
    static final int SLICE_BYTES = 64 * 1024;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (!(msg instanceof FileSliceRegion region)) {
            ctx.write(msg, promise);
            return;
        }
        FileChannel channel = region.fileChannel();
        long position = region.position();
        long remaining = region.count();
        try {
            while (remaining > 0) {
                int length = (int) Math.min(SLICE_BYTES, remaining);
                ByteBuf slice = read(ctx, channel, position, length);
                position += length;
                remaining -= length;
                if (remaining > 0) {
                    ctx.write(slice);
                    ctx.flush();
                } else {
                    ctx.write(slice, promise);
                }
            }
        } catch (IOException | RuntimeException e) {
            promise.tryFailure(e);
        } finally {
            region.release();
        }
    }

    private static ByteBuf read(ChannelHandlerContext ctx, FileChannel channel, long position, int length)
            throws IOException {
        ByteBuf copy = ctx.alloc().heapBuffer(length);
        try {
            while (copy.readableBytes() < length) {
                int read = copy.writeBytes(channel, position + copy.readableBytes(), length - copy.readableBytes());
                if (read < 0) {
                    throw new IOException("segment file ended while reading record data for a TLS response");
                }
            }
            return copy;
        } catch (IOException | RuntimeException e) {
            copy.release();
            throw e;
        }
    }
}
