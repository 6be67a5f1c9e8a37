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
