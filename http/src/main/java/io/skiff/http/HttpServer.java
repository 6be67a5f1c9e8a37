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
package io.skiff.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small HTTP/1.1 server for JSON side doors: Netty's HTTP codec on one event loop thread, bodies bounded by
 * {@code maxBodyBytes} (413 beyond, in the server's own error shape), handlers run one at a time on a worker thread of
 * their own (never on the event loop, so they may block), errors answered as {@code {"error": "..."}} JSON unless the
 * caller gives its own {@link ErrorBody}. Optionally TLS (an {@code https://} listener) and a {@link Guard} that sees
 * every request before routing (HTTP basic authentication: {@link BasicAuth}). It binds exactly the address it is
 * given; callers choose loopback unless the user asked otherwise.
 *
 * <pre>{@code
 * HttpServer server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), routes, 64 * 1024, "control");
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class HttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HttpServer.class);

    private final EventLoopGroup group;
    private final ExecutorService worker;
    private final Channel channel;
    private final String name;
    private final boolean tls;

    private HttpServer(EventLoopGroup group, ExecutorService worker, Channel channel, String name, boolean tls) {
        this.group = group;
        this.worker = worker;
        this.channel = channel;
        this.name = name;
        this.tls = tls;
    }

    /**
     * Binds and starts serving.
     *
     * @param name names the threads and log lines (e.g. {@code control})
     * @throws IOException when the address cannot be bound
     */
    public static HttpServer start(InetSocketAddress address, Routes routes, int maxBodyBytes, String name)
            throws IOException {
        return start(address, routes, maxBodyBytes, name, HttpResponse::error);
    }

    /** How a server writes the errors it answers itself (no route, wrong method, a failed handler). */
    @FunctionalInterface
    public interface ErrorBody {
        HttpResponse render(int status, String message);
    }

    /**
     * Looks at a request before it is routed (so unknown paths are refused alike): null lets it through, an answer
     * refuses it. Runs on the worker thread.
     */
    @FunctionalInterface
    public interface Guard {
        Guard NONE = (method, path, headers) -> null;

        /** @param headers the request's headers, names in lower case */
        HttpResponse refuse(String method, String path, Map<String, String> headers);
    }

    /** As {@link #start(InetSocketAddress, Routes, int, String)}, with errors in the caller's own JSON shape. */
    public static HttpServer start(
            InetSocketAddress address, Routes routes, int maxBodyBytes, String name, ErrorBody errors)
            throws IOException {
        return start(address, routes, maxBodyBytes, name, errors, null, Guard.NONE);
    }

    /**
     * As {@link #start(InetSocketAddress, Routes, int, String, ErrorBody)}, serving TLS with {@code tls} (a server
     * context; null for plain HTTP) and passing every request through {@code guard} first.
     */
    public static HttpServer start(
            InetSocketAddress address,
            Routes routes,
            int maxBodyBytes,
            String name,
            ErrorBody errors,
            SslContext tls,
            Guard guard)
            throws IOException {
        EventLoopGroup group =
                new MultiThreadIoEventLoopGroup(1, daemonThreads("skiff-" + name + "-http"), NioIoHandler.newFactory());
        ExecutorService worker = Executors.newSingleThreadExecutor(daemonThreads("skiff-" + name + "-worker"));
        try {
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (tls != null) {
                                ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                            }
                            ch.pipeline()
                                    .addLast(new HttpServerCodec())
                                    .addLast(new BoundedBodies(maxBodyBytes, errors))
                                    .addLast(new RequestHandler(routes, worker, errors, guard));
                        }
                    })
                    .bind(address)
                    .syncUninterruptibly()
                    .channel();
            HttpServer server = new HttpServer(group, worker, channel, name, tls != null);
            LOG.info("Skiff {} HTTP listener on {}", name, server.url());
            return server;
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            worker.shutdownNow();
            if (e.getCause() instanceof IOException io) {
                throw new IOException("cannot bind the " + name + " HTTP listener to " + address + ": " + io, io);
            }
            throw e;
        }
    }

    /** The address bound (with the port chosen when 0 was asked for). */
    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    /** {@code http://host:port} of the bound address ({@code https://} with TLS). */
    public String url() {
        return (tls ? "https://" : "http://") + hostPort(address());
    }

    private static String hostPort(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        worker.shutdownNow();
        LOG.debug("Skiff {} HTTP listener closed", name);
    }

    private static java.util.concurrent.ThreadFactory daemonThreads(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * Netty's aggregator, answering a body over the limit with the server's own 413 body instead of Netty's bare one.
     * As Netty does, the connection stays open for a keep-alive request whose body has not all arrived (the rest is
     * read and dropped), and is closed otherwise.
     */
    private static final class BoundedBodies extends HttpObjectAggregator {
        private final int maxBodyBytes;
        private final ErrorBody errors;

        BoundedBodies(int maxBodyBytes, ErrorBody errors) {
            super(maxBodyBytes);
            this.maxBodyBytes = maxBodyBytes;
            this.errors = errors;
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
            if (!(oversized instanceof io.netty.handler.codec.http.HttpRequest)) {
                ctx.close();
                return;
            }
            boolean close = oversized instanceof FullHttpRequest
                    || (!HttpUtil.is100ContinueExpected(oversized) && !HttpUtil.isKeepAlive(oversized));
            HttpResponse answer = errors.render(
                    413, "The request body is larger than " + maxBodyBytes + " bytes, the limit of this listener");
            RequestHandler.write(ctx, answer, !close);
        }
    }

    /** Hands each complete request to the worker and writes its answer back on the event loop. */
    private static final class RequestHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final Routes routes;
        private final ExecutorService worker;
        private final ErrorBody errors;
        private final Guard guard;

        RequestHandler(Routes routes, ExecutorService worker, ErrorBody errors, Guard guard) {
            this.routes = routes;
            this.worker = worker;
            this.errors = errors;
            this.guard = guard;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest msg) {
            if (!msg.decoderResult().isSuccess()) {
                write(ctx, errors.render(400, "malformed HTTP request"), false);
                return;
            }
            String method = msg.method().name();
            QueryStringDecoder uri = new QueryStringDecoder(msg.uri());
            String body = msg.content().toString(StandardCharsets.UTF_8);
            Map<String, String> headers = new HashMap<>();
            msg.headers().forEach(h -> headers.putIfAbsent(h.getKey().toLowerCase(Locale.ROOT), h.getValue()));
            boolean keepAlive = HttpUtil.isKeepAlive(msg);
            worker.execute(() -> {
                HttpResponse response = serve(method, uri.path(), body, uri.parameters(), headers);
                ctx.executor().execute(() -> write(ctx, response, keepAlive));
            });
        }

        private HttpResponse serve(
                String method, String path, String body, Map<String, List<String>> query, Map<String, String> headers) {
            try {
                HttpResponse refused = guard.refuse(method, path, headers);
                if (refused != null) {
                    return refused;
                }
                Routes.Match match = routes.match(method, path);
                return match.handler().handle(new HttpRequest(method, path, match.params(), body, query, headers));
            } catch (HttpException e) {
                return errors.render(e.status(), e.getMessage());
            } catch (RuntimeException | StackOverflowError e) {
                // Answered in every case: a worker that dies without writing would leave the client waiting.
                LOG.warn("HTTP {} {} failed", method, path, e);
                return errors.render(500, "internal error: " + e);
            }
        }

        private static void write(ChannelHandlerContext ctx, HttpResponse response, boolean keepAlive) {
            ByteBuf content = response.json() == null
                    ? Unpooled.EMPTY_BUFFER
                    : Unpooled.copiedBuffer(response.json(), StandardCharsets.UTF_8);
            FullHttpResponse out = new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status()), content);
            if (response.json() != null) {
                out.headers().set(HttpHeaderNames.CONTENT_TYPE, response.contentType());
            }
            response.headers().forEach((name, value) -> out.headers().set(name, value));
            HttpUtil.setContentLength(out, content.readableBytes());
            if (keepAlive) {
                HttpUtil.setKeepAlive(out, true);
                ctx.writeAndFlush(out);
            } else {
                ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.debug("HTTP connection {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
            ctx.close();
        }
    }
}
