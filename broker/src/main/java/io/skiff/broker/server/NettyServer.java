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

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.skiff.broker.concurrent.NetworkThreads;
import io.skiff.broker.connection.ClientConnection;
import io.skiff.broker.connection.ClientConnections;
import io.skiff.broker.security.ConnectionSecurity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Netty server: binds every listener (epoll when available and native access is enabled, else NIO), and gives each accepted connection
 * its pipeline — {@link ReadGate}, idle timer, on TLS listeners the TLS handler with {@link TlsPrincipalHandler} and
 * {@link FileRegionCopier}, {@link FrameDecoder}, {@link ConnectionSequencer} calling the {@link RequestProcessor}.
 * A connection over {@code max.connections.per.ip} is closed at once; one over {@code max.connections} waits unread
 * until a slot frees (as in Kafka's listen backlog; beyond 50 waiting it is closed); request bytes in flight are
 * bounded by {@code queued.max.request.bytes}, shared by all connections. Listeners are bound with accepting paused so that the broker can finish wiring
 * (the advertised port is only known after binding) before the first client is served.
 *
 * <p>Thread-safe: {@link #bind}, {@link #startAccepting} and {@link #close} are called by one owner thread in
 * that order; connection bookkeeping is concurrent.
 */
public final class NettyServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NettyServer.class);
    private static final int MAX_PARKED = 50; // Kafka's socket.listen.backlog.size default
    private static final AttributeKey<ListenerSpec> LISTENER = AttributeKey.valueOf("skiff.listener");
    private static final ThrottledLogger REFUSED = new ThrottledLogger(LOG, org.slf4j.event.Level.INFO);

    static {
        // Netty 4.2 registers JFR allocation events when JFR is present, which loads jdk.jfr and costs ~100 ms of
        // startup; Skiff has no use for them. Users who want them set the property themselves.
        if (System.getProperty("io.netty.jfr.enabled") == null) {
            System.setProperty("io.netty.jfr.enabled", "false");
        }
    }

    private final ServerSettings settings;
    private final RequestProcessor processor;
    private final Set<ConnectionSequencer> connections = ConcurrentHashMap.newKeySet();
    private volatile ClientConnections clientConnections; // where operators see the connections; null: nowhere
    private volatile int nodeId = -1; // the node the listed connections are to
    private final Set<Channel> connectionChannels = ConcurrentHashMap.newKeySet();
    private final List<Channel> serverChannels = new ArrayList<>();
    private final List<BoundListener> bound = new ArrayList<>();
    private final AtomicLong connectionIndex = new AtomicLong();
    private final ConnectionLimits limits;
    private final RequestMemoryPool requestMemory;
    /**
     * Connections accepted while max.connections was reached, not read from until a slot frees (oldest first): to a
     * client this is Kafka's acceptor leaving it in the listen backlog. At most {@link #MAX_PARKED}.
     */
    private final Queue<SocketChannel> parked = new ConcurrentLinkedQueue<>();

    private final boolean epoll;
    private EventLoopGroup group;

    /** A server on epoll when available (unless the system property {@code skiff.nio} is true), else NIO. */
    public NettyServer(ServerSettings settings, RequestProcessor processor) {
        this(settings, processor, !Boolean.getBoolean("skiff.nio"));
    }

    /** A server on epoll when {@code preferEpoll} and available, else NIO. */
    public NettyServer(ServerSettings settings, RequestProcessor processor, boolean preferEpoll) {
        this.settings = settings;
        this.processor = processor;
        this.epoll = preferEpoll && epollAvailable();
        this.limits = settings.connectionLimits();
        this.requestMemory = new RequestMemoryPool(settings.queuedRequestBytes());
    }

    /**
     * Loads Netty's transport (the epoll native library, event loop, channel, pipeline and allocator classes) on a
     * daemon thread, so that this work overlaps with reading the configuration and recovering the logs on the
     * starting thread; on a 2-core machine it is about a third of the jar's start time. Optional, and only the first
     * call in a JVM starts a thread: class initialization happens once, on whichever thread gets there first.
     * Call it after SLF4J is initialized (Netty logs while loading, and SLF4J replays calls made during its
     * initialization with a warning).
     */
    public static void warmUpInBackground() {
        if (WARMED_UP.getAndSet(true)) {
            return;
        }
        Thread warmUp = new Thread(NettyServer::warmUp, "skiff-netty-warm-up");
        warmUp.setDaemon(true);
        warmUp.start();
    }

    private static final AtomicBoolean WARMED_UP = new AtomicBoolean();

    private static void warmUp() {
        try {
            ClassLoader loader = NettyServer.class.getClassLoader();
            for (String name : epollAvailable() ? EPOLL_CLASSES : NIO_CLASSES) {
                Class.forName(name, true, loader);
            }
            for (String name : COMMON_CLASSES) {
                Class.forName(name, true, loader);
            }
            ByteBufAllocator.DEFAULT.ioBuffer(16).release();
        } catch (Throwable e) {
            LOG.debug("Netty warm-up failed; the server loads what it needs itself", e);
        }
    }

    private static final String[] EPOLL_CLASSES = {
        "io.netty.channel.epoll.EpollIoHandler",
        "io.netty.channel.epoll.EpollServerSocketChannel",
        "io.netty.channel.epoll.EpollSocketChannel"
    };
    private static final String[] NIO_CLASSES = {
        "io.netty.channel.nio.NioIoHandler",
        "io.netty.channel.socket.nio.NioServerSocketChannel",
        "io.netty.channel.socket.nio.NioSocketChannel"
    };
    private static final String[] COMMON_CLASSES = {
        "io.netty.channel.MultiThreadIoEventLoopGroup", "io.netty.channel.SingleThreadIoEventLoop",
        "io.netty.bootstrap.ServerBootstrap", "io.netty.channel.DefaultChannelPipeline",
        "io.netty.channel.ChannelOutboundBuffer", "io.netty.channel.DefaultChannelPromise",
        "io.netty.channel.DefaultFileRegion", "io.netty.handler.timeout.IdleStateHandler",
        "io.netty.handler.codec.ByteToMessageDecoder", "io.netty.util.concurrent.DefaultThreadFactory",
        "io.netty.util.Recycler"
    };

    private static boolean epollAvailable() {
        if (!nativeLoadIsQuiet(Runtime.version().feature(), NettyServer::nativeAccessEnabled)) {
            return false;
        }
        try {
            return Epoll.isAvailable();
        } catch (Throwable notLinux) {
            return false;
        }
    }

    /**
     * Whether loading epoll's native library goes without the JVM's restricted-method warning: from Java 24 on, a
     * library loaded by a module without native access enabled prints four lines of WARNING on every start (a test
     * JVM with the embedded jar on its class path, unless it runs with {@code --enable-native-access=ALL-UNNAMED}),
     * and a later release will refuse it. Without native access the server takes NIO instead; {@code java -jar}
     * enables it in the jar's manifest.
     */
    static boolean nativeLoadIsQuiet(int javaFeature, BooleanSupplier nativeAccessEnabled) {
        return javaFeature < 24 || nativeAccessEnabled.getAsBoolean();
    }

    /** {@code Module.isNativeAccessEnabled()} (Java 22+) of this class's module, by reflection: Skiff builds for 17. */
    private static boolean nativeAccessEnabled() {
        try {
            Method enabled = Module.class.getMethod("isNativeAccessEnabled");
            return (Boolean) enabled.invoke(NettyServer.class.getModule());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true; // cannot tell: load it as before
        }
    }

    /** Binds every listener (accepting paused). Throws {@link BindException} when a port is taken. */
    public synchronized List<BoundListener> bind() throws IOException {
        if (group != null) {
            throw new IllegalStateException("already bound");
        }
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        group = new MultiThreadIoEventLoopGroup(
                Math.max(1, settings.networkThreads()),
                NetworkThreads.marking(new DefaultThreadFactory("skiff-network", true)),
                io);
        Class<? extends ServerChannel> channelType =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        try {
            for (ListenerSpec listener : settings.listeners()) {
                ServerBootstrap bootstrap = new ServerBootstrap()
                        .group(group)
                        .channel(channelType)
                        .option(ChannelOption.SO_REUSEADDR, true)
                        .option(ChannelOption.AUTO_READ, false)
                        .childOption(ChannelOption.AUTO_READ, false)
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        .childOption(ChannelOption.SO_KEEPALIVE, true)
                        .childHandler(new Initializer(listener));
                ChannelFuture future = bootstrap.bind(bindAddress(listener)).awaitUninterruptibly();
                if (!future.isSuccess()) {
                    throw asIOException(listener, future.cause());
                }
                Channel channel = future.channel();
                serverChannels.add(channel);
                bound.add(new BoundListener(listener.name(), (InetSocketAddress) channel.localAddress()));
            }
        } catch (IOException | RuntimeException e) {
            close(Duration.ZERO);
            throw e;
        }
        return List.copyOf(bound);
    }

    /**
     * Lists the connections accepted from now on in {@code registry} as connections to node {@code nodeId} (set before
     * accepting). The nodes of a simulated cluster share one registry, so operators see every node's clients.
     */
    public void listConnectionsIn(ClientConnections registry, int nodeId) {
        this.nodeId = nodeId;
        this.clientConnections = registry;
    }

    /** Starts accepting connections on every bound listener. */
    public synchronized void startAccepting() {
        for (Channel channel : serverChannels) {
            channel.config().setAutoRead(true);
        }
    }

    /** Serves parked connections while max.connections allows, oldest first. */
    private void unparkWhileRoom() {
        SocketChannel next;
        while ((next = parked.peek()) != null) {
            if (!next.isActive()) {
                parked.remove(next);
                continue;
            }
            if (limits.tryOpen(next.remoteAddress().getAddress()) != ConnectionLimits.Admission.ADMITTED) {
                return;
            }
            parked.remove(next);
            SocketChannel ch = next;
            ch.eventLoop().execute(() -> {
                serve(ch);
                ch.read(); // it became active before its handlers were there: start reading now
            });
        }
    }

    /** Bytes of requests read and not yet answered (bounded by queued.max.request.bytes). */
    public long queuedRequestBytes() {
        return requestMemory.used();
    }

    /** The bound listeners, in configuration order. */
    public synchronized List<BoundListener> boundListeners() {
        return List.copyOf(bound);
    }

    /** Whether the epoll transport is used. */
    public boolean isEpoll() {
        return epoll;
    }

    /** Number of open client connections. */
    public int connectionCount() {
        return connectionChannels.size();
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }

    /**
     * Stops gracefully: stops accepting, lets each connection finish the request in flight (bounded by
     * {@code timeout}), then closes every connection and the event loops.
     */
    public synchronized void close(Duration timeout) {
        beginShutdown();
        awaitShutdown(timeout);
    }

    /**
     * First half of a graceful stop: closes the listeners and tells every connection to stop reading, answer
     * the request in flight and close. Returns at once; parked requests can then be completed by their owners.
     */
    public synchronized void beginShutdown() {
        if (group == null) {
            return;
        }
        for (Channel channel : serverChannels) {
            channel.close().awaitUninterruptibly();
        }
        serverChannels.clear();
        for (ConnectionSequencer connection : connections) {
            try {
                connection.drain();
            } catch (RuntimeException loopGone) {
                LOG.debug("Could not drain a connection", loopGone);
            }
        }
    }

    /** Second half: waits up to {@code timeout} for connections to finish, closes the rest and the event loops. */
    public synchronized void awaitShutdown(Duration timeout) {
        if (group == null) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Channel channel : connectionChannels) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !channel.closeFuture().awaitUninterruptibly(left, TimeUnit.NANOSECONDS)) {
                LOG.info(
                        "Closing connection {} with a request still in flight after {} ms",
                        channel.remoteAddress(),
                        timeout.toMillis());
                channel.close();
            }
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        group = null;
    }

    private static InetSocketAddress bindAddress(ListenerSpec listener) {
        String host = listener.host();
        if (host == null || host.isEmpty() || host.equals("0.0.0.0")) {
            return new InetSocketAddress(listener.port());
        }
        return new InetSocketAddress(host, listener.port());
    }

    private static IOException asIOException(ListenerSpec listener, Throwable cause) {
        String where = listener.name() + "://" + listener.host() + ":" + listener.port();
        if (cause instanceof BindException
                || (cause != null
                        && cause.getMessage() != null
                        && cause.getMessage().contains("Address already in use"))) {
            BindException e = new BindException("Address already in use: cannot bind listener " + where);
            e.initCause(cause);
            return e;
        }
        if (cause instanceof IOException io) {
            return new IOException("cannot bind listener " + where + ": " + io.getMessage(), io);
        }
        if (cause instanceof UncheckedIOException unchecked) {
            return new IOException("cannot bind listener " + where + ": " + unchecked.getMessage(), unchecked);
        }
        return new IOException("cannot bind listener " + where + ": " + cause, cause);
    }

    /** Builds the pipeline of one accepted connection. */
    private final class Initializer extends ChannelInitializer<SocketChannel> {
        private final ListenerSpec listener;

        Initializer(ListenerSpec listener) {
            this.listener = listener;
        }

        @Override
        protected void initChannel(SocketChannel ch) {
            InetSocketAddress remote = ch.remoteAddress();
            ch.attr(LISTENER).set(listener);
            ConnectionLimits.Admission admission = limits.tryOpen(remote.getAddress());
            if (admission == ConnectionLimits.Admission.TOO_MANY_CONNECTIONS && parked.size() < MAX_PARKED) {
                parked.add(ch);
                ch.closeFuture().addListener(f -> parked.remove(ch));
                unparkWhileRoom(); // a connection may have closed meanwhile
                return;
            }
            if (admission != ConnectionLimits.Admission.ADMITTED) {
                ch.close();
                REFUSED.log(
                        admission == ConnectionLimits.Admission.TOO_MANY_FROM_ADDRESS
                                ? "Refused connection from {}: {} connections from this address (max.connections.per.ip)"
                                : "Refused connection from {}: {} connections in all (max.connections) and "
                                        + MAX_PARKED + " waiting",
                        remote,
                        admission == ConnectionLimits.Admission.TOO_MANY_FROM_ADDRESS
                                ? limits.maxPerAddress()
                                : limits.maxConnections());
                return;
            }
            serve(ch);
        }
    }

    /** Gives an admitted connection its pipeline; its slot is given back when it closes. */
    private void serve(SocketChannel ch) {
        ListenerSpec listener = ch.attr(LISTENER).get();
        InetSocketAddress local = ch.localAddress();
        InetSocketAddress remote = ch.remoteAddress();
        ch.closeFuture().addListener(f -> {
            limits.closed(remote.getAddress());
            unparkWhileRoom();
        });
        String id = local.getAddress().getHostAddress() + ":" + local.getPort() + "-"
                + remote.getAddress().getHostAddress() + ":" + remote.getPort() + "-"
                + connectionIndex.getAndIncrement();
        ConnectionSecurity security = new ConnectionSecurity(listener.protocol(), settings.clock());
        ClientConnections listed = clientConnections;
        ClientConnection client = listed == null
                ? ClientConnection.untracked(id, listener.name(), remote, security)
                : listed.opened(nodeId, id, listener.name(), remote, security);
        ConnectionSequencer sequencer =
                new ConnectionSequencer(processor, new ConnectionInfo(id, listener.name(), remote, security, client));
        connections.add(sequencer);
        connectionChannels.add(ch);
        ch.closeFuture().addListener(f -> {
            connections.remove(sequencer);
            connectionChannels.remove(ch);
            if (listed != null) {
                listed.closed(client);
            }
        });
        if (settings.idleTimeoutMs() > 0) {
            ch.pipeline().addLast(new IdleStateHandler(0, 0, settings.idleTimeoutMs(), TimeUnit.MILLISECONDS));
        }
        if (listener.tls() != null) {
            ch.pipeline().addLast(listener.tls().context().newHandler(ch.alloc()));
            ch.pipeline().addLast(new TlsPrincipalHandler(listener.tls(), security));
            ch.pipeline().addLast(new FileRegionCopier());
        }
        ReadGate gate = new ReadGate();
        ch.pipeline().addFirst(gate);
        ch.pipeline().addLast(new FrameDecoder(settings.maxRequestBytes(), requestMemory, gate));
        ch.pipeline().addLast(sequencer);
        ch.pipeline().addLast(new LastResort());
    }

    /** Logs and closes on anything that reached the end of the pipeline unhandled. */
    private static final class LastResort extends ChannelInboundHandlerAdapter {
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // before logging, which must not be able to keep the connection open
            LOG.debug("Unhandled error on {}", ctx.channel(), cause);
        }
    }
}
