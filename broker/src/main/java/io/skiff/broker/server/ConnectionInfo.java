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

import io.skiff.broker.connection.ClientConnection;
import io.skiff.broker.security.ConnectionSecurity;
import java.net.InetSocketAddress;

/**
 * Who is at the other end of one connection, fixed when it is accepted, and its security state.
 *
 * @param connectionId  Kafka-style id: {@code localHost:localPort-remoteHost:remotePort-index}
 * @param listenerName  the listener (e.g. {@code PLAINTEXT}) the connection arrived on
 * @param clientAddress the client's address
 * @param security      the connection's protocol, principal and SASL session
 * @param client        what operators see of it (client id, requests per API): the request path counts into it
 */
public record ConnectionInfo(
        String connectionId,
        String listenerName,
        InetSocketAddress clientAddress,
        ConnectionSecurity security,
        ClientConnection client) {
    /** A connection no registry lists. */
    public ConnectionInfo(
            String connectionId, String listenerName, InetSocketAddress clientAddress, ConnectionSecurity security) {
        this(
                connectionId,
                listenerName,
                clientAddress,
                security,
                ClientConnection.untracked(connectionId, listenerName, clientAddress, security));
    }

    /** A PLAINTEXT connection. */
    public ConnectionInfo(String connectionId, String listenerName, InetSocketAddress clientAddress) {
        this(connectionId, listenerName, clientAddress, ConnectionSecurity.plaintext());
    }
}
