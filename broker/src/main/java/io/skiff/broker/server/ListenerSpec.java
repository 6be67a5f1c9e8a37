package io.skiff.broker.server;

import io.skiff.broker.security.SecurityProtocol;
import io.skiff.broker.security.ssl.ServerTls;
import java.util.Objects;

/**
 * One address to listen on.
 *
 * @param name     listener name, e.g. {@code PLAINTEXT}
 * @param host     host or IP to bind; empty or {@code 0.0.0.0} binds every interface
 * @param port     port to bind; 0 picks a free one
 * @param protocol the listener's security protocol
 * @param tls      the TLS context when the protocol uses TLS, else null
 */
public record ListenerSpec(String name, String host, int port, SecurityProtocol protocol, ServerTls tls) {
    public ListenerSpec {
        Objects.requireNonNull(protocol);
        if (protocol.usesTls() != (tls != null)) {
            throw new IllegalArgumentException("listener " + name + ": a TLS context is needed exactly for TLS");
        }
    }

    /** A PLAINTEXT listener. */
    public ListenerSpec(String name, String host, int port) {
        this(name, host, port, SecurityProtocol.PLAINTEXT, null);
    }
}
