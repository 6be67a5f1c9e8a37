package io.skiff.broker.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Splits the byte stream into Kafka request frames: a 4-byte big-endian size, then that many bytes. Emits
 * each frame's body as a retained slice (the receiver releases it). A negative size or one above
 * {@code socket.request.max.bytes} closes this connection only — nothing of such a frame is buffered.
 *
 * <p>Not thread-safe: one instance per channel, used on its event loop.
 */
public final class FrameDecoder extends ByteToMessageDecoder {
    private static final ThrottledLogger REJECTED =
            new ThrottledLogger(LoggerFactory.getLogger(FrameDecoder.class), Level.WARN, 10, TimeUnit.SECONDS);

    private final int maxFrameBytes;
    private boolean rejected;

    public FrameDecoder(int maxFrameBytes) {
        if (maxFrameBytes <= 0) {
            throw new IllegalArgumentException("maxFrameBytes must be positive: " + maxFrameBytes);
        }
        this.maxFrameBytes = maxFrameBytes;
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
        if (in.readableBytes() < Integer.BYTES + size) {
            return;
        }
        in.skipBytes(Integer.BYTES);
        out.add(in.readRetainedSlice(size));
    }
}
