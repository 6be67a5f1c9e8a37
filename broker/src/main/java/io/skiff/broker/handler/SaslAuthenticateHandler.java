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
package io.skiff.broker.handler;

import io.skiff.broker.security.BrokerSecurity;
import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.broker.security.sasl.SaslAuthenticationException;
import io.skiff.broker.security.sasl.SaslAuthenticator;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.SaslAuthenticateRequest;
import io.skiff.protocol.message.SaslAuthenticateResponse;
import java.util.concurrent.CompletableFuture;

/**
 * SaslAuthenticate (key 36), versions 0–2: one token of the exchange the handshake started.
 *
 * <ul>
 *   <li>Refused credentials: SASL_AUTHENTICATION_FAILED with Kafka's message, then the connection closes.</li>
 *   <li>No handshake before it: ILLEGAL_SASL_STATE, then the connection closes.</li>
 *   <li>On success (v1+): {@code sessionLifetimeMs} is {@code connections.max.reauth.ms}, shortened to the
 *       credential's own expiry (an OAuth token's {@code exp}); the client re-authenticates before it ends
 *       (KIP-368), and a request after it closes the connection. 0 when sessions do not end.</li>
 *   <li>Re-authentication must keep the principal; a different one fails the exchange, as in Kafka.</li>
 * </ul>
 *
 * <p>Thread-safe: stateless; per-connection state lives in {@link ConnectionSecurity}.
 */
public final class SaslAuthenticateHandler
        extends AbstractApiHandler<SaslAuthenticateRequest, SaslAuthenticateResponse> {
    private static final byte[] EMPTY = new byte[0];

    private final BrokerSecurity security;

    public SaslAuthenticateHandler(BrokerSecurity security) {
        super(ApiKeys.SASL_AUTHENTICATE, 0, 2);
        this.security = security;
    }

    @Override
    public CompletableFuture<SaslAuthenticateResponse> handle(RequestContext ctx, SaslAuthenticateRequest request) {
        ConnectionSecurity connection = ctx.security();
        SaslAuthenticator authenticator = connection.authenticator();
        if (security.sasl(ctx.listenerName()) == null) {
            // As Kafka: a connection of a listener without SASL counts as authenticated; it stays open.
            return fail(Errors.ILLEGAL_SASL_STATE, "SaslAuthenticate request received after successful authentication");
        }
        if (authenticator == null) {
            connection.closeAfterResponse();
            return fail(
                    Errors.ILLEGAL_SASL_STATE,
                    "Unexpected SaslAuthenticate request: no SaslHandshake preceded it on this connection");
        }
        byte[] token;
        try {
            token = authenticator.evaluate(request.authBytes() == null ? EMPTY : request.authBytes());
        } catch (SaslAuthenticationException e) {
            connection.closeAfterResponse();
            return fail(Errors.SASL_AUTHENTICATION_FAILED, e.getMessage());
        }
        SaslAuthenticateResponse response = new SaslAuthenticateResponse()
                .setErrorCode(Errors.NONE.code())
                .setAuthBytes(token)
                .setSessionLifetimeMs(0L);
        if (!authenticator.isComplete()) {
            return CompletableFuture.completedFuture(response);
        }
        KafkaPrincipal principal = authenticator.principal();
        if (connection.isAuthenticated() && !principal.equals(connection.principal())) {
            connection.closeAfterResponse();
            return fail(
                    Errors.SASL_AUTHENTICATION_FAILED,
                    "Cannot change principals during re-authentication from " + connection.principal() + ": "
                            + principal);
        }
        long now = connection.nowMs();
        long lifetime =
                sessionLifetime(security.maxReauthMs(ctx.listenerName()), authenticator.credentialExpiryMs(), now);
        connection.saslAuthenticated(principal, lifetime > 0 ? now + lifetime : 0);
        return CompletableFuture.completedFuture(response.setSessionLifetimeMs(lifetime));
    }

    /** The session's length: the re-authentication bound, no later than the credential's expiry; 0 = no end. */
    static long sessionLifetime(long maxReauthMs, long credentialExpiryMs, long now) {
        if (maxReauthMs <= 0) {
            return 0;
        }
        long untilExpiry = credentialExpiryMs == Long.MAX_VALUE ? Long.MAX_VALUE : credentialExpiryMs - now;
        return Math.max(1, Math.min(maxReauthMs, untilExpiry));
    }

    private static CompletableFuture<SaslAuthenticateResponse> fail(Errors error, String message) {
        return CompletableFuture.completedFuture(new SaslAuthenticateResponse()
                .setErrorCode(error.code())
                .setErrorMessage(message)
                .setAuthBytes(EMPTY));
    }

    @Override
    public SaslAuthenticateResponse errorResponse(RequestContext ctx, SaslAuthenticateRequest request, Errors error) {
        ctx.security().closeAfterResponse();
        return new SaslAuthenticateResponse().setErrorCode(error.code()).setAuthBytes(EMPTY);
    }
}
