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

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Kafka's connection quotas: at most {@code max.connections} client connections in all, and at most
 * {@code max.connections.per.ip} from one address. A connection over either limit is closed as soon as it is accepted
 * (Kafka: TooManyConnectionsException for the per-address limit; for the broker-wide one Kafka's acceptor stops
 * accepting, which {@link NettyServer} does too, so that a refused client waits in the listen backlog).
 *
 * <p>Thread-safe: every method is synchronized (a few operations per connection, never on a request's path).
 */
public final class ConnectionLimits {
    private final int maxConnections;
    private final int maxPerAddress;
    private final Map<InetAddress, Integer> perAddress = new HashMap<>();
    private int total;

    /** Values of 0 or less are treated as no limit ({@link Integer#MAX_VALUE}, Kafka's default). */
    public ConnectionLimits(int maxConnections, int maxPerAddress) {
        this.maxConnections = maxConnections <= 0 ? Integer.MAX_VALUE : maxConnections;
        this.maxPerAddress = maxPerAddress <= 0 ? Integer.MAX_VALUE : maxPerAddress;
    }

    /** No limits. */
    public static ConnectionLimits unlimited() {
        return new ConnectionLimits(Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /** What {@link #tryOpen} decided. */
    public enum Admission {
        ADMITTED,
        TOO_MANY_CONNECTIONS,
        TOO_MANY_FROM_ADDRESS
    }

    /** Counts a new connection from {@code address} when both limits allow it. */
    public synchronized Admission tryOpen(InetAddress address) {
        int fromAddress = perAddress.getOrDefault(address, 0);
        if (fromAddress >= maxPerAddress) {
            return Admission.TOO_MANY_FROM_ADDRESS;
        }
        if (total >= maxConnections) {
            return Admission.TOO_MANY_CONNECTIONS;
        }
        perAddress.put(address, fromAddress + 1);
        total++;
        return Admission.ADMITTED;
    }

    /** Forgets a connection {@link #tryOpen} admitted. */
    public synchronized void closed(InetAddress address) {
        Integer n = perAddress.get(address);
        if (n == null) {
            throw new IllegalStateException("no open connection from " + address);
        }
        if (n == 1) {
            perAddress.remove(address);
        } else {
            perAddress.put(address, n - 1);
        }
        total--;
    }

    /** Whether the broker-wide limit is reached (accepting pauses then). */
    public synchronized boolean full() {
        return total >= maxConnections;
    }

    public synchronized int open() {
        return total;
    }

    public int maxConnections() {
        return maxConnections;
    }

    public int maxPerAddress() {
        return maxPerAddress;
    }
}
