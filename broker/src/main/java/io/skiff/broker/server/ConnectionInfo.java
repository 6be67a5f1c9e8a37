package io.skiff.broker.server;

import io.skiff.broker.security.ConnectionSecurity;
import java.net.InetSocketAddress;

/**
 * Who is at the other end of one connection, fixed when it is accepted, and its security state.
 *
 * @param connectionId  Kafka-style id: {@code localHost:localPort-remoteHost:remotePort-index}
 * @param listenerName  the listener (e.g. {@code PLAINTEXT}) the connection arrived on
 * @param clientAddress the client's address
 * @param security      the connection's protocol, principal and SASL session
 */
public record ConnectionInfo(
        String connectionId, String listenerName, InetSocketAddress clientAddress, ConnectionSecurity security) {
    /** A PLAINTEXT connection. */
    public ConnectionInfo(String connectionId, String listenerName, InetSocketAddress clientAddress) {
        this(connectionId, listenerName, clientAddress, ConnectionSecurity.plaintext());
    }
}
