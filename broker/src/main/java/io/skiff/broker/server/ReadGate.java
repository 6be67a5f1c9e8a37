package io.skiff.broker.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;

/**
 * First handler of a connection's pipeline: holds back every read request of the handlers after it while closed, so
 * that a connection waiting for request memory ({@link RequestMemoryPool}) reads nothing more from its socket, and
 * passes one held-back read on when opened.
 *
 * <p>Not thread-safe: one instance per channel, used on its event loop.
 */
final class ReadGate extends ChannelOutboundHandlerAdapter {
    private ChannelHandlerContext ctx;
    private boolean closed;
    private boolean readHeldBack;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (closed) {
            readHeldBack = true;
            return;
        }
        ctx.read();
    }

    void close() {
        closed = true;
    }

    /** Opens the gate and reads when a read was asked for meanwhile (or {@code readAnyway}). */
    void open(boolean readAnyway) {
        closed = false;
        if (readHeldBack || readAnyway) {
            readHeldBack = false;
            ctx.read();
        }
    }
}
