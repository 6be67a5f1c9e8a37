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
package io.skiff.console.view;

import io.skiff.broker.connection.ClientConnection;
import io.skiff.broker.connection.ClientConnections;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.protocol.message.ApiKeys;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The broker's open client connections and its requests per API, read from the network server's registry. */
public final class ConnectionViews {

    /**
     * One open connection, to {@code node} (on a simulated cluster each node has its own listener). {@code softwareName}/{@code softwareVersion} are what the client announced in ApiVersions
     * ({@code unknown} before, as in Kafka); {@code requests} maps an API's name to the requests sent on it.
     */
    public record ConnectionView(
            int node,
            String connectionId,
            String clientId,
            String softwareName,
            String softwareVersion,
            String listener,
            String securityProtocol,
            String principal,
            String remoteAddress,
            long connectedMs,
            long idleMs,
            long totalRequests,
            Map<String, Long> requests) {}

    /** Requests of one API since the broker started, all connections together. */
    public record ApiRequests(String api, int apiKey, long requests) {}

    private final BrokerContext broker;

    public ConnectionViews(BrokerContext broker) {
        this.broker = broker;
    }

    /** Whether the broker plays several nodes (each with its own listener, all listed here). */
    public boolean severalNodes() {
        return broker.cluster() != null;
    }

    /** The open connections, oldest first. */
    public List<ConnectionView> connections() {
        ClientConnections registry = broker.clientConnections();
        long now = broker.clock().millis();
        List<ConnectionView> out = new ArrayList<>();
        for (ClientConnection c : registry.open()) {
            ConnectionSecurity s = c.security();
            Map<String, Long> requests = new LinkedHashMap<>();
            long total = 0;
            for (Map.Entry<Short, Long> e : c.requestsPerApiKey().entrySet()) {
                requests.put(apiName(e.getKey()), e.getValue());
                total += e.getValue();
            }
            out.add(new ConnectionView(
                    c.nodeId(),
                    c.connectionId(),
                    c.clientId(),
                    s.clientSoftwareName(),
                    s.clientSoftwareVersion(),
                    c.listenerName(),
                    s.protocol().name(),
                    s.principal().toString(),
                    address(c.clientAddress()),
                    Math.max(0, now - c.openedAtMs()),
                    c.lastRequestAtMs() == 0 ? -1 : Math.max(0, now - c.lastRequestAtMs()),
                    total,
                    requests));
        }
        return out;
    }

    /** Requests per API since the broker started (closed connections included), most requested first. */
    public List<ApiRequests> requestsPerApi() {
        List<ApiRequests> out = new ArrayList<>();
        for (Map.Entry<Short, Long> e :
                broker.clientConnections().requestsPerApiKey().entrySet()) {
            out.add(new ApiRequests(apiName(e.getKey()), e.getKey(), e.getValue()));
        }
        out.sort((a, b) -> a.requests() != b.requests()
                ? Long.compare(b.requests(), a.requests())
                : Integer.compare(a.apiKey(), b.apiKey()));
        return out;
    }

    private static String apiName(short key) {
        ApiKeys api = ApiKeys.forId(key);
        return api == null ? "ApiKey" + key : api.name;
    }

    private static String address(InetSocketAddress a) {
        if (a == null) {
            return "";
        }
        String host =
                a.getAddress() == null ? a.getHostString() : a.getAddress().getHostAddress();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + a.getPort();
    }
}
