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
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.skiff.broker.handler.CloseConnectionException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Keeps one request in flight per connection and writes responses strictly in request order, as Kafka does
 * and as clients rely on. While a request is in flight the channel is not read ({@code autoRead} is off and
 * reads are requested explicitly); frames that one socket read already delivered wait in a small queue.
 * Also closes the connection when it has been idle for {@code connections.max.idle.ms} (no request in flight)
 * and drains it on shutdown: the in-flight request is answered, queued ones are dropped, then it closes.
 * A response with a mute time (a client throttled for exceeding a quota) is written at once, and then the connection
 * takes no further request for that long, as Kafka mutes a throttled channel.
 *
 * <p>Not thread-safe: one instance per channel; all state is touched on the channel's event loop only
 * (completions from other threads hop onto it).
 */
public final class ConnectionSequencer extends ChannelDuplexHandler {
    /**
     * Frames one read may deliver beyond the one in flight. The queue is bounded by a single read anyway (the next
     * read is requested only once it is empty), and one read is at most 64 KiB (Netty's default receive-buffer
     * maximum): up to 4681 of the smallest well-formed requests (4-byte size + 10-byte header). A client that
     * pipelines small requests must not be cut off below that; only more frames than a read can hold close it.
     */
    static final int MAX_QUEUED_FRAMES = 64 * 1024 / 14 + 1;

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionSequencer.class);
    private static final ThrottledLogger CLOSED = new ThrottledLogger(LOG, Level.INFO);
    private static final ThrottledLogger FAILED = new ThrottledLogger(LOG, Level.WARN);

    private final RequestProcessor processor;
    private final ConnectionInfo connection;
    private final ArrayDeque<ByteBuf> queued = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private boolean inFlight;
    /** Responses written since the last flush: one flush per socket read's worth of requests answered at once. */
    private boolean unflushed;
    /** Between a read's first frame and its end: responses written meanwhile are flushed once, at its end. */
    private boolean reading;
    /** Ends a read as channelReadComplete does, should a handler before us deliver frames without one. */
    private final Runnable endOfReadTask = this::endOfRead;

    private boolean draining;
    private boolean closed;
    /** Throttled: no request is read or processed until the mute ends. */
    private boolean muted;

    public ConnectionSequencer(RequestProcessor processor, ConnectionInfo connection) {
        this.processor = processor;
        this.connection = connection;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.read();
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf frame)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (closed || draining) {
            frame.release();
            return;
        }
        if (queued.size() >= MAX_QUEUED_FRAMES) {
            frame.release();
            closeWith(Level.WARN, "more than " + MAX_QUEUED_FRAMES + " requests pipelined in one read");
            return;
        }
        queued.add(frame);
        if (!reading) {
            reading = true;
            ctx.executor().execute(endOfReadTask); // a safety net: normally channelReadComplete comes first
        }
        processNext();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        endOfRead();
        readIfIdle();
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            processNext();
            readIfIdle();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            if (!inFlight) {
                closeWith(Level.DEBUG, "idle for longer than connections.max.idle.ms");
            }
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed = true;
        releaseQueued();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        closed = true;
        releaseQueued();
        ctx.close(); // before logging: a connection that must close does, whatever the logging setup does
        if (cause instanceof IOException && !(cause instanceof SSLException)) {
            // The peer reset or closed the socket (a client that stops, a probe that only checks the port): routine,
            // and Kafka logs it at DEBUG too. TLS failures stay visible.
            debug("Connection {} closed by the peer: {}", connection.connectionId(), cause.toString());
            return;
        }
        FAILED.log("Closing connection {} after an error: {}", connection.connectionId(), cause.toString());
        debug("Connection {} error", connection.connectionId(), cause);
    }

    /**
     * Stops taking new requests: queued ones are dropped, the in-flight one is still answered, then the
     * connection closes. Safe to call from any thread.
     */
    public void drain() {
        ctx.executor().execute(() -> {
            draining = true;
            releaseQueued();
            if (!inFlight) {
                ctx.close();
            }
        });
    }

    /** Whether a request is being processed (event-loop view; for tests and idle checks). */
    boolean inFlight() {
        return inFlight;
    }

    private void processNext() {
        if (inFlight
                || muted
                || closed
                || draining
                || queued.isEmpty()
                || !ctx.channel().isWritable()) {
            return;
        }
        ByteBuf frame = queued.poll();
        inFlight = true;
        CompletableFuture<OutboundResponse> result;
        try {
            result = processor.process(connection, frame, ctx.alloc());
        } catch (Throwable t) {
            result = CompletableFuture.failedFuture(t);
        }
        if (result == null) {
            result = CompletableFuture.failedFuture(new IllegalStateException("processor returned no future"));
        }
        result.whenComplete((response, error) -> {
            if (ctx.executor().inEventLoop()) {
                complete(frame, response, error);
            } else {
                try {
                    ctx.executor().execute(() -> complete(frame, response, error));
                } catch (RejectedExecutionException shutDown) {
                    frame.release();
                    if (response != null) {
                        response.release();
                    }
                }
            }
        });
    }

    private void complete(ByteBuf frame, OutboundResponse response, Throwable error) {
        frame.release();
        inFlight = false;
        if (error != null) {
            if (response != null) {
                response.release();
            }
            Throwable cause =
                    error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            if (cause instanceof CloseConnectionException) {
                closeWith(Level.INFO, cause.getMessage());
            } else {
                debug("Request on connection {} failed", connection.connectionId(), cause);
                closeWith(Level.WARN, "request failed: " + cause);
            }
            return;
        }
        if (closed || !ctx.channel().isActive()) {
            if (response != null) {
                response.release();
            }
            return;
        }
        if (response != null) {
            int muteMs = response.muteMs();
            response.writeTo(ctx);
            unflushed = true;
            if (muteMs > 0) {
                mute(muteMs);
            }
        }
        if (connection.security().shouldCloseAfterResponse()) {
            // failed SASL authentication: the client reads the error, then the connection closes as Kafka closes it
            closed = true;
            releaseQueued();
            ctx.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (draining) {
            ctx.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        // Within a socket read the flush waits for channelReadComplete, so a client that pipelined several requests
        // (a producer with max.in.flight 5) gets their answers in one socket write instead of one write each. A
        // response completed later (a fetch that waited, an append elsewhere) is flushed here at once.
        processNext();
        if (!reading) {
            flushWritten();
        }
        readIfIdle();
    }

    private void mute(int muteMs) {
        muted = true;
        ctx.executor()
                .schedule(
                        () -> {
                            muted = false;
                            processNext();
                            if (!reading) {
                                flushWritten();
                            }
                            readIfIdle();
                        },
                        muteMs,
                        TimeUnit.MILLISECONDS);
    }

    private void endOfRead() {
        reading = false;
        flushWritten();
    }

    private void flushWritten() {
        if (unflushed) {
            unflushed = false;
            ctx.flush();
        }
    }

    private void readIfIdle() {
        if (!inFlight
                && !muted
                && !closed
                && !draining
                && queued.isEmpty()
                && ctx.channel().isWritable()) {
            ctx.read();
        }
    }

    private void closeWith(Level level, String reason) {
        if (closed) {
            return;
        }
        closed = true;
        releaseQueued();
        flushWritten(); // the answers to earlier requests still go out, as they did before this one
        ctx.close(); // before logging: a connection that must close does, whatever the logging setup does
        if (level == Level.DEBUG) {
            debug("Closing connection {}: {}", connection.connectionId(), reason);
        } else {
            (level == Level.INFO ? CLOSED : FAILED)
                    .log(
                            "Closing connection {} from {}: {}",
                            connection.connectionId(),
                            connection.clientAddress(),
                            reason);
        }
    }

    /** DEBUG logging that cannot throw into the connection's clean-up (see {@link ThrottledLogger}). */
    private static void debug(String format, Object... args) {
        try {
            LOG.debug(format, args);
        } catch (RuntimeException | LinkageError loggingFailed) {
            // nowhere left to report it
        }
    }

    private void releaseQueued() {
        ByteBuf frame;
        while ((frame = queued.poll()) != null) {
            frame.release();
        }
    }
}
