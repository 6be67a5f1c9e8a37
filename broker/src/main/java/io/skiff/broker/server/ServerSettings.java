package io.skiff.broker.server;

import java.util.List;

/**
 * What the network server needs from the broker configuration.
 *
 * @param listeners          addresses to bind
 * @param maxRequestBytes    socket.request.max.bytes: larger frames close the connection
 * @param idleTimeoutMs      connections.max.idle.ms: idle connections are closed after this
 * @param networkThreads     event-loop threads (num.network.threads)
 * @param connectionLimits   max.connections and max.connections.per.ip
 * @param queuedRequestBytes queued.max.request.bytes: bytes of requests read and not yet answered (-1: no bound)
 */
public record ServerSettings(
        List<ListenerSpec> listeners,
        int maxRequestBytes,
        long idleTimeoutMs,
        int networkThreads,
        ConnectionLimits connectionLimits,
        long queuedRequestBytes) {
    public ServerSettings {
        listeners = List.copyOf(listeners);
        if (listeners.isEmpty()) {
            throw new IllegalArgumentException("at least one listener is required");
        }
    }

    /** Settings without connection limits or a request memory bound. */
    public ServerSettings(List<ListenerSpec> listeners, int maxRequestBytes, long idleTimeoutMs, int networkThreads) {
        this(listeners, maxRequestBytes, idleTimeoutMs, networkThreads, ConnectionLimits.unlimited(), -1);
    }
}
