package io.skiff.broker.handler;

import io.skiff.protocol.header.RequestHeader;
import java.net.InetSocketAddress;

/**
 * Where a request came from: its header and its connection.
 *
 * @param header        the decoded request header
 * @param connectionId  the connection's id ({@code local-remote-index}); stable for the connection's life
 * @param listenerName  the listener the connection arrived on (selects the advertised endpoint)
 * @param clientAddress the client's address
 */
public record RequestContext(
        RequestHeader header, String connectionId, String listenerName, InetSocketAddress clientAddress) {
    /** The request's API version. */
    public short apiVersion() {
        return header.apiVersion();
    }

    /** The client id from the header (may be null or empty). */
    public String clientId() {
        return header.clientId();
    }

    /** The request's correlation id. */
    public int correlationId() {
        return header.correlationId();
    }
}
