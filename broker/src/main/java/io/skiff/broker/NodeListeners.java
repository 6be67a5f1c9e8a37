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
package io.skiff.broker;

import io.skiff.broker.security.BrokerSecurity;
import io.skiff.broker.server.BoundListener;
import io.skiff.broker.server.ConnectionLimits;
import io.skiff.broker.server.ListenerSpec;
import io.skiff.broker.server.ServerSettings;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.Endpoint;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node's listeners derived from the broker configuration: what it binds (ports shifted by the node's index in a
 * simulated cluster) and what it tells clients to connect to.
 */
final class NodeListeners {
    private NodeListeners() {}

    /** The listeners of node {@code nodeIndex} (0: the first): a configured port p is p + nodeIndex, 0 stays 0. */
    static ServerSettings settings(BrokerConfig config, BrokerSecurity security, Clock clock, int nodeIndex) {
        List<ListenerSpec> listeners = new ArrayList<>();
        for (Endpoint endpoint : config.listeners()) {
            String name = endpoint.listenerName();
            int port = endpoint.port() == 0 ? 0 : endpoint.port() + nodeIndex;
            listeners.add(new ListenerSpec(name, endpoint.host(), port, security.protocol(name), security.tls(name)));
        }
        return new ServerSettings(
                listeners,
                config.get(BrokerConfigKeys.SOCKET_REQUEST_MAX_BYTES),
                config.get(BrokerConfigKeys.CONNECTIONS_MAX_IDLE_MS),
                config.get(BrokerConfigKeys.NUM_NETWORK_THREADS),
                clock,
                new ConnectionLimits(
                        config.get(BrokerConfigKeys.MAX_CONNECTIONS),
                        config.get(BrokerConfigKeys.MAX_CONNECTIONS_PER_IP)),
                config.get(BrokerConfigKeys.QUEUED_MAX_REQUEST_BYTES));
    }

    /**
     * What clients are told to connect to, per listener of node {@code nodeIndex}: advertised.listeners' entry for it
     * when there is one (an advertised port p is p + nodeIndex), else the listener itself; a port of 0 becomes the
     * bound port, and a wildcard host the local host name.
     */
    static List<Endpoint> advertised(BrokerConfig config, List<BoundListener> bound, int nodeIndex) {
        Map<String, Endpoint> explicit = new LinkedHashMap<>();
        for (Endpoint endpoint : config.advertisedListeners()) {
            explicit.put(endpoint.listenerName(), endpoint);
        }
        List<Endpoint> result = new ArrayList<>();
        for (BoundListener listener : bound) {
            Endpoint configured = explicit.get(listener.name());
            String host =
                    configured != null ? configured.host() : listener.address().getHostString();
            int port = configured != null && configured.port() != 0 ? configured.port() + nodeIndex : listener.port();
            if (host == null || host.isEmpty() || host.equals("0.0.0.0") || host.equals("::")) {
                host = localHostName();
            }
            result.add(new Endpoint(listener.name(), host, port));
        }
        return result;
    }

    private static String localHostName() {
        try {
            return java.net.InetAddress.getLocalHost().getCanonicalHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
