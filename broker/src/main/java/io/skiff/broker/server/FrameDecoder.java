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
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Splits the byte stream into Kafka request frames: a 4-byte big-endian size, then that many bytes. Emits
 * each frame's body as a retained slice (the receiver releases it). A negative size or one above
 * {@code socket.request.max.bytes} closes this connection only — nothing of such a frame is buffered.
 *
 * <p>Before the body of a frame is read, its size is reserved in the broker's {@link RequestMemoryPool}
 * ({@code queued.max.request.bytes}); when the pool is exhausted the connection stops reading (its {@link ReadGate}
 * closes) until another request's bytes are released. The emitted frame gives its bytes back when released.
 *
 * <p>Not thread-safe: one instance per channel, used on its event loop.
 */
public final class FrameDecoder extends ByteToMessageDecoder {
    private static final ThrottledLogger REJECTED =
            new ThrottledLogger(LoggerFactory.getLogger(FrameDecoder.class), Level.WARN);

    private final int maxFrameBytes;
    private final RequestMemoryPool pool;
    private final ReadGate gate;
    private boolean rejected;
    /** Bytes reserved for the frame being read, or -1. */
    private int reserved = -1;

    /** A decoder without a memory bound (tests). */
    public FrameDecoder(int maxFrameBytes) {
        this(maxFrameBytes, RequestMemoryPool.unbounded(), null);
    }

    FrameDecoder(int maxFrameBytes, RequestMemoryPool pool, ReadGate gate) {
        if (maxFrameBytes <= 0) {
            throw new IllegalArgumentException("maxFrameBytes must be positive: " + maxFrameBytes);
        }
        this.maxFrameBytes = maxFrameBytes;
        this.pool = pool;
        this.gate = gate;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (rejected) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < Integer.BYTES) {
            return;
        }
        int size = in.getInt(in.readerIndex());
        if (size < 0 || size > maxFrameBytes) {
            rejected = true;
            in.skipBytes(in.readableBytes());
            ctx.close(); // first: the connection closes even if logging fails
            REJECTED.log(
                    "Closing connection from {}: request size {} is outside 0..{} (socket.request.max.bytes)",
                    ctx.channel().remoteAddress(),
                    size,
                    maxFrameBytes);
            return;
        }
        if (reserved < 0) {
            if (!pool.tryReserve(size)) {
                waitForMemory(ctx);
                return;
            }
            reserved = size;
        }
        if (in.readableBytes() < Integer.BYTES + size) {
            return;
        }
        in.skipBytes(Integer.BYTES);
        reserved = -1;
        out.add(new AccountedFrame(in.readRetainedSlice(size), pool, size));
    }

    /** Stops reading until the pool has room, then decodes what is buffered already and reads on. */
    private void waitForMemory(ChannelHandlerContext ctx) {
        if (gate == null) {
            throw new IllegalStateException("a bounded request memory pool needs a read gate");
        }
        gate.close();
        pool.whenAvailable(() -> ctx.executor().execute(() -> {
            if (!ctx.channel().isActive()) {
                return;
            }
            try {
                channelRead(ctx, Unpooled.EMPTY_BUFFER); // frames already buffered are decoded again
                channelReadComplete(ctx); // ends this "read" as a socket read ends: its answers are flushed
            } catch (Exception e) {
                ctx.fireExceptionCaught(e);
                return;
            }
            gate.open(true);
        }));
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (reserved >= 0) {
            pool.release(reserved);
            reserved = -1;
        }
    }
}
