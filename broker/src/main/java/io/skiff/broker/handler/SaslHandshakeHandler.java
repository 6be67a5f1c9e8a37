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
import io.skiff.broker.security.sasl.SaslAuthenticator;
import io.skiff.broker.security.sasl.SaslMechanisms;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.SaslHandshakeRequest;
import io.skiff.protocol.message.SaslHandshakeResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * SaslHandshake (key 17), versions 0–1 advertised as Kafka does: the client names its mechanism; the tokens follow
 * in SaslAuthenticate. librdkafka needs version 0 in the advertised range to use SASL at all, but uses version 1; a
 * version 0 request (raw tokens outside Kafka requests follow it, clients before Kafka 1.0) closes the connection.
 *
 * <ul>
 *   <li>A mechanism the listener does not enable: UNSUPPORTED_SASL_MECHANISM with the enabled ones, then the
 *       connection closes, as Kafka closes it.</li>
 *   <li>On a listener without SASL: ILLEGAL_SASL_STATE.</li>
 *   <li>On an authenticated connection it starts re-authentication (KIP-368), with the same mechanism only.</li>
 * </ul>
 *
 * <p>Thread-safe: stateless; per-connection state lives in {@link ConnectionSecurity}.
 */
public final class SaslHandshakeHandler extends AbstractApiHandler<SaslHandshakeRequest, SaslHandshakeResponse> {
    private final BrokerSecurity security;

    public SaslHandshakeHandler(BrokerSecurity security) {
        super(ApiKeys.SASL_HANDSHAKE, 0, 1);
        this.security = security;
    }

    @Override
    public CompletableFuture<SaslHandshakeResponse> handle(RequestContext ctx, SaslHandshakeRequest request) {
        SaslMechanisms mechanisms = security.sasl(ctx.listenerName());
        if (mechanisms == null) {
            return done(Errors.ILLEGAL_SASL_STATE, List.of()); // whatever the version, as Kafka
        }
        if (ctx.apiVersion() == 0) {
            return CompletableFuture.failedFuture(new CloseConnectionException(
                    "SaslHandshake v0 (raw SASL tokens, before Kafka 1.0) is not supported; use v1"));
        }
        ConnectionSecurity connection = ctx.security();
        String mechanism = request.mechanism();
        SaslAuthenticator authenticator = mechanisms.newAuthenticator(mechanism);
        if (authenticator == null || (connection.isAuthenticated() && !mechanism.equals(connection.mechanism()))) {
            connection.closeAfterResponse();
            return done(Errors.UNSUPPORTED_SASL_MECHANISM, mechanisms.enabled());
        }
        connection.startSasl(mechanism, authenticator);
        return done(Errors.NONE, mechanisms.enabled());
    }

    private static CompletableFuture<SaslHandshakeResponse> done(Errors error, List<String> mechanisms) {
        return CompletableFuture.completedFuture(
                new SaslHandshakeResponse().setErrorCode(error.code()).setMechanisms(mechanisms));
    }

    @Override
    public SaslHandshakeResponse errorResponse(RequestContext ctx, SaslHandshakeRequest request, Errors error) {
        return new SaslHandshakeResponse().setErrorCode(error.code()).setMechanisms(List.of());
    }
}
