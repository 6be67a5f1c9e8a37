package io.skiff.broker.server;

import java.net.InetSocketAddress;

/**
 * A listener after binding: its name and the address actually bound (the real port when 0 was asked for).
 */
public record BoundListener(String name, InetSocketAddress address) {
    public int port() {
        return address.getPort();
    }
}
