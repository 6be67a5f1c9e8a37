package io.skiff.broker.server;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * What the network server needs from the broker configuration.
 *
 * @param listeners          addresses to bind
 * @param maxRequestBytes    socket.request.max.bytes: larger frames close the connection
 * @param idleTimeoutMs      connections.max.idle.ms: idle connections are closed after this
 * @param networkThreads     event-loop threads (num.network.threads)
 * @param clock              the clock SASL sessions expire by
 * @param connectionLimits   max.connections and max.connections.per.ip
 * @param queuedRequestBytes queued.max.request.bytes: bytes of requests read and not yet answered (-1: no bound)
 */
public record ServerSettings(
        List<ListenerSpec> listeners,
        int maxRequestBytes,
        long idleTimeoutMs,
        int networkThreads,
        Clock clock,
        ConnectionLimits connectionLimits,
        long queuedRequestBytes) {
    public ServerSettings {
        Objects.requireNonNull(clock);
        Objects.requireNonNull(connectionLimits);
        listeners = List.copyOf(listeners);
        if (listeners.isEmpty()) {
            throw new IllegalArgumentException("at least one listener is required");
        }
    }

    /** Settings on the system clock, without connection limits or a request memory bound. */
    public ServerSettings(List<ListenerSpec> listeners, int maxRequestBytes, long idleTimeoutMs, int networkThreads) {
        this(
                listeners,
                maxRequestBytes,
                idleTimeoutMs,
                networkThreads,
                Clock.systemUTC(),
                ConnectionLimits.unlimited(),
                -1);
    }
}
