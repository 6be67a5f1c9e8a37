package io.skiff.broker.server;

import java.util.List;

/**
 * What the network server needs from the broker configuration.
 *
 * @param listeners          addresses to bind
 * @param maxRequestBytes    socket.request.max.bytes: larger frames close the connection
 * @param idleTimeoutMs      connections.max.idle.ms: idle connections are closed after this
 * @param networkThreads     event-loop threads (num.network.threads)
 */
public record ServerSettings(
        List<ListenerSpec> listeners, int maxRequestBytes, long idleTimeoutMs, int networkThreads) {
    public ServerSettings {
        listeners = List.copyOf(listeners);
        if (listeners.isEmpty()) {
            throw new IllegalArgumentException("at least one listener is required");
        }
    }
}
