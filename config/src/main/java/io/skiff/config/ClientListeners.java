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
package io.skiff.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The client listeners a broker configuration derives, as Kafka derives them: {@code listeners} without the ones
 * named in {@code controller.listener.names}, each with its security protocol from
 * {@code listener.security.protocol.map} (or its own name), no two on one host and port; and what clients are told,
 * {@code advertised.listeners} (each also in {@code listeners}, no bind-all host) or else {@code listeners} with
 * wildcard hosts advertised as {@code localhost}.
 *
 * <p>Immutable; thread-safe.
 */
final class ClientListeners {
    private final Map<String, String> listenerProtocols = new HashMap<>();
    private final List<Endpoint> listeners;
    private final List<Endpoint> advertised;

    /**
     * @param values  the raw text of the listener keys ({@code listeners}, {@code advertised.listeners},
     *                {@code listener.security.protocol.map}, {@code controller.listener.names}), null when unset
     * @param origins where each came from, for error messages
     * @throws ConfigException for a listener Kafka refuses
     */
    ClientListeners(Map<String, String> values, Map<String, String> origins) {
        Set<String> controllerNames = Listeners.parseNames(values.get("controller.listener.names"));
        Map<String, String> protocolMap = Listeners.parseProtocolMap(
                "listener.security.protocol.map",
                values.get("listener.security.protocol.map"),
                origins.get("listener.security.protocol.map"));
        this.listeners = clientListeners(values, origins, controllerNames, protocolMap);
        this.advertised = advertised(values, origins, controllerNames);
    }

    /** Client listeners to bind (controller listeners removed). */
    List<Endpoint> listeners() {
        return listeners;
    }

    /** What Metadata tells clients; a port of 0 stands for the port actually bound. */
    List<Endpoint> advertised() {
        return advertised;
    }

    /** The security protocol of a client listener. */
    String securityProtocol(String listenerName) {
        String protocol = listenerProtocols.get(listenerName);
        if (protocol == null) {
            throw new IllegalArgumentException("not a client listener: " + listenerName);
        }
        return protocol;
    }

    private List<Endpoint> clientListeners(
            Map<String, String> values,
            Map<String, String> origins,
            Set<String> controllerNames,
            Map<String, String> protocols) {
        String origin = origins.get("listeners");
        List<Endpoint> client = new ArrayList<>();
        for (Endpoint e : Listeners.parse("listeners", values.get("listeners"), origin)) {
            if (controllerNames.contains(e.listenerName())) {
                continue;
            }
            String protocol = protocols.getOrDefault(
                    e.listenerName(), Listeners.PROTOCOLS.contains(e.listenerName()) ? e.listenerName() : null);
            if (protocol == null) {
                throw ConfigException.invalid(
                        "listeners",
                        values.get("listeners"),
                        origin,
                        "listener name '" + e.listenerName()
                                + "' is neither a security protocol nor in listener.security.protocol.map");
            }
            listenerProtocols.put(e.listenerName(), protocol);
            for (Endpoint other : client) {
                if (other.port() != 0
                        && other.port() == e.port()
                        && other.host().equals(e.host())) {
                    throw ConfigException.invalid(
                            "listeners",
                            values.get("listeners"),
                            origin,
                            "listeners " + other.listenerName() + " and " + e.listenerName() + " share port "
                                    + e.port());
                }
            }
            client.add(e);
        }
        if (client.isEmpty()) {
            throw ConfigException.invalid(
                    "listeners",
                    values.get("listeners"),
                    origin,
                    "at least one listener that is not a controller listener (controller.listener.names)");
        }
        return List.copyOf(client);
    }

    private List<Endpoint> advertised(
            Map<String, String> values, Map<String, String> origins, Set<String> controllerNames) {
        String configured = values.get("advertised.listeners");
        if (configured == null || configured.isBlank()) {
            // Derived from listeners: a wildcard host is not reachable, advertise localhost instead.
            return listeners.stream()
                    .map(e -> isWildcard(e.host()) ? new Endpoint(e.listenerName(), "localhost", e.port()) : e)
                    .toList();
        }
        String origin = origins.get("advertised.listeners");
        List<Endpoint> result = new ArrayList<>();
        for (Endpoint e : Listeners.parse("advertised.listeners", configured, origin)) {
            if (controllerNames.contains(e.listenerName())) {
                continue;
            }
            if (listeners.stream().noneMatch(l -> l.listenerName().equals(e.listenerName()))) {
                throw ConfigException.invalid(
                        "advertised.listeners",
                        configured,
                        origin,
                        "listener name '" + e.listenerName() + "' must also appear in listeners");
            }
            if (e.host().equals("0.0.0.0") || e.host().equals("::")) {
                throw ConfigException.invalid(
                        "advertised.listeners",
                        configured,
                        origin,
                        "a host clients can reach; " + e.host() + " is a bind-all address");
            }
            result.add(e.isWildcardHost() ? new Endpoint(e.listenerName(), "localhost", e.port()) : e);
        }
        if (result.isEmpty()) {
            throw ConfigException.invalid("advertised.listeners", configured, origin, "at least one client listener");
        }
        return List.copyOf(result);
    }

    private static boolean isWildcard(String host) {
        return host.isEmpty() || host.equals("0.0.0.0") || host.equals("::");
    }
}
