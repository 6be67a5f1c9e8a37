package io.skiff.broker.server;

import java.net.InetSocketAddress;

/**
 * Who is at the other end of one connection, fixed when it is accepted.
 *
 * @param connectionId  Kafka-style id: {@code localHost:localPort-remoteHost:remotePort-index}
 * @param listenerName  the listener (e.g. {@code PLAINTEXT}) the connection arrived on
 * @param clientAddress the client's address
 */
public record ConnectionInfo(String connectionId, String listenerName, InetSocketAddress clientAddress) {}
