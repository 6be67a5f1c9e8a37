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
package io.skiff.broker.security;

import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.broker.security.sasl.SaslAuthenticator;
import java.time.Clock;
import java.util.Objects;

/**
 * The security state of one connection: its listener's protocol, who it acts as, and its SASL session (the
 * mechanism being negotiated, whether it has authenticated, when the session ends under
 * {@code connections.max.reauth.ms}). Created when the connection is accepted; the principal of a TLS connection
 * is set when its handshake completes, that of a SASL connection when it authenticates.
 *
 * <p>Thread-safe: requests of one connection are processed one at a time, but possibly on different threads;
 * every method is synchronized.
 */
public final class ConnectionSecurity {
    private final SecurityProtocol protocol;
    private final Clock clock;
    private KafkaPrincipal principal = KafkaPrincipal.ANONYMOUS;
    private boolean authenticated;
    private String mechanism;
    private SaslAuthenticator authenticator;
    private long sessionExpiryMs;
    private boolean closeAfterResponse;
    private String clientSoftwareName = "unknown";
    private String clientSoftwareVersion = "unknown";

    public ConnectionSecurity(SecurityProtocol protocol, Clock clock) {
        this.protocol = Objects.requireNonNull(protocol);
        this.clock = Objects.requireNonNull(clock);
    }

    /** A PLAINTEXT connection (tests and in-process callers). */
    public static ConnectionSecurity plaintext() {
        return new ConnectionSecurity(SecurityProtocol.PLAINTEXT, Clock.systemUTC());
    }

    public SecurityProtocol protocol() {
        return protocol;
    }

    /** What the client said it is in ApiVersions v3+ (KIP-511); client-metrics subscriptions match on it. */
    public synchronized void clientSoftware(String name, String version) {
        this.clientSoftwareName = name;
        this.clientSoftwareVersion = version;
    }

    /** The client's software name from ApiVersions, {@code unknown} before (as Kafka's ClientInformation). */
    public synchronized String clientSoftwareName() {
        return clientSoftwareName;
    }

    /** The client's software version from ApiVersions, {@code unknown} before. */
    public synchronized String clientSoftwareVersion() {
        return clientSoftwareVersion;
    }

    public synchronized KafkaPrincipal principal() {
        return principal;
    }

    /** Sets the principal of a TLS connection from its client certificate. */
    public synchronized void tlsAuthenticated(KafkaPrincipal peer) {
        this.principal = Objects.requireNonNull(peer);
    }

    /**
     * Whether a request of an API other than ApiVersions and the SASL APIs may be served: always on listeners
     * without SASL, else once authenticated and while the session has not ended.
     */
    public synchronized boolean mayServe() {
        if (!protocol.usesSasl()) {
            return true;
        }
        return authenticated && (sessionExpiryMs == 0 || clock.millis() < sessionExpiryMs);
    }

    public synchronized boolean isAuthenticated() {
        return authenticated;
    }

    /** Whether the SASL session has a lifetime and it has passed. */
    public synchronized boolean sessionExpired() {
        return authenticated && sessionExpiryMs != 0 && clock.millis() >= sessionExpiryMs;
    }

    /** SaslHandshake accepted {@code mechanism}: authentication (or re-authentication) starts with it. */
    public synchronized void startSasl(String mechanism, SaslAuthenticator authenticator) {
        this.mechanism = Objects.requireNonNull(mechanism);
        this.authenticator = Objects.requireNonNull(authenticator);
    }

    /** The mechanism of the last handshake, or null. */
    public synchronized String mechanism() {
        return mechanism;
    }

    /** The authenticator of the exchange in progress, or null when no handshake preceded. */
    public synchronized SaslAuthenticator authenticator() {
        return authenticator;
    }

    /**
     * The exchange completed: the connection acts as {@code authenticatedAs} until {@code expiryMs} (0 = no end).
     */
    public synchronized void saslAuthenticated(KafkaPrincipal authenticatedAs, long expiryMs) {
        this.principal = Objects.requireNonNull(authenticatedAs);
        this.authenticated = true;
        this.authenticator = null;
        this.sessionExpiryMs = expiryMs;
    }

    /** Asks the server to close the connection once the current response is written (failed authentication). */
    public synchronized void closeAfterResponse() {
        this.closeAfterResponse = true;
    }

    public synchronized boolean shouldCloseAfterResponse() {
        return closeAfterResponse;
    }

    /** Now, by the connection's clock. */
    public long nowMs() {
        return clock.millis();
    }
}
