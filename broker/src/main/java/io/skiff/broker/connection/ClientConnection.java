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
import io.skiff.protocol.header.ClientIdCache;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One client connection as an operator sees it (the console's connections page): where it came from, on which
 * listener, who it acts as, the client software it announced (ApiVersions, KIP-511), the client id of its last request
 * and how many requests of each API it sent.
 *
 * <p>Thread-safe: counts are atomic, the client id volatile; the request path only adds to them.
 */
public final class ClientConnection {
    /** Kafka's API keys are below this (4.4 has 0..92); a larger key is not counted. */
    static final int API_KEY_SLOTS = 128;

    private final int nodeId;
    private final String connectionId;
    private final String listenerName;
    private final InetSocketAddress clientAddress;
    private final ConnectionSecurity security;
    private final long openedAtMs;
    private final AtomicLongArray requests = new AtomicLongArray(API_KEY_SLOTS);
    private final AtomicLongArray brokerTotals; // null when not tracked
    private volatile String clientId = "";
    private final ClientIdCache clientIds = new ClientIdCache();
    private volatile long lastRequestAtMs;

    ClientConnection(
            int nodeId,
            String connectionId,
            String listenerName,
            InetSocketAddress clientAddress,
            ConnectionSecurity security,
            long openedAtMs,
            AtomicLongArray brokerTotals) {
        this.nodeId = nodeId;
        this.connectionId = Objects.requireNonNull(connectionId);
        this.listenerName = Objects.requireNonNull(listenerName);
        this.clientAddress = clientAddress;
        this.security = Objects.requireNonNull(security);
        this.openedAtMs = openedAtMs;
        this.brokerTotals = brokerTotals;
    }

    /** A connection that no registry lists (tests, in-process callers). */
    public static ClientConnection untracked(
            String connectionId, String listenerName, InetSocketAddress clientAddress, ConnectionSecurity security) {
        return new ClientConnection(-1, connectionId, listenerName, clientAddress, security, 0, null);
    }

    /** The client id this connection's request headers last named, with its bytes: decoded once, not per request. */
    public ClientIdCache clientIdCache() {
        return clientIds;
    }

    /** Counts one request of {@code apiKey} whose header named {@code clientId}. */
    public void requested(short apiKey, String clientId, long nowMs) {
        if (apiKey >= 0 && apiKey < API_KEY_SLOTS) {
            requests.incrementAndGet(apiKey);
            if (brokerTotals != null) {
                brokerTotals.incrementAndGet(apiKey);
            }
        }
        if (clientId != null && !clientId.equals(this.clientId)) {
            this.clientId = clientId;
        }
        this.lastRequestAtMs = nowMs;
    }

    /** Requests sent so far per API key, only keys with at least one, in key order. */
    public Map<Short, Long> requestsPerApiKey() {
        return nonZero(requests);
    }

    static Map<Short, Long> nonZero(AtomicLongArray counts) {
        Map<Short, Long> out = new TreeMap<>();
        for (int key = 0; key < counts.length(); key++) {
            long n = counts.get(key);
            if (n > 0) {
                out.put((short) key, n);
            }
        }
        return out;
    }

    /** The node whose listener accepted the connection (one of several on a simulated cluster); -1 untracked. */
    public int nodeId() {
        return nodeId;
    }

    public String connectionId() {
        return connectionId;
    }

    public String listenerName() {
        return listenerName;
    }

    public InetSocketAddress clientAddress() {
        return clientAddress;
    }

    /** The connection's protocol, principal and announced client software. */
    public ConnectionSecurity security() {
        return security;
    }

    public long openedAtMs() {
        return openedAtMs;
    }

    /** The client id of the last request's header ({@code ""} before the first or when the client sent none). */
    public String clientId() {
        return clientId;
    }

    /** When the last request arrived (0 before the first). */
    public long lastRequestAtMs() {
        return lastRequestAtMs;
    }
}
