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
package io.skiff.broker.connection;

import io.skiff.broker.security.ConnectionSecurity;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The open client connections of a broker's Kafka listeners and its requests per API since it started, for operators
 * (the web console). The network server adds a connection when it accepts it and removes it when it closes; nothing
 * on the request path waits on this.
 *
 * <p>Thread-safe.
 */
public final class ClientConnections {
    private final Clock clock;
    private final Set<ClientConnection> open = ConcurrentHashMap.newKeySet();
    private final AtomicLongArray totals = new AtomicLongArray(ClientConnection.API_KEY_SLOTS);

    public ClientConnections(Clock clock) {
        this.clock = clock;
    }

    /** A connection just accepted by node {@code nodeId}'s listener, listed until {@link #closed}. */
    public ClientConnection opened(
            int nodeId,
            String connectionId,
            String listenerName,
            InetSocketAddress clientAddress,
            ConnectionSecurity security) {
        ClientConnection c = new ClientConnection(
                nodeId, connectionId, listenerName, clientAddress, security, clock.millis(), totals);
        open.add(c);
        return c;
    }

    public void closed(ClientConnection connection) {
        open.remove(connection);
    }

    /** The open connections, oldest first. */
    public List<ClientConnection> open() {
        return open.stream()
                .sorted(Comparator.comparingLong(ClientConnection::openedAtMs)
                        .thenComparing(ClientConnection::connectionId))
                .toList();
    }

    /** Requests of every connection since the broker started, per API key (only keys with at least one). */
    public Map<Short, Long> requestsPerApiKey() {
        return ClientConnection.nonZero(totals);
    }
}
