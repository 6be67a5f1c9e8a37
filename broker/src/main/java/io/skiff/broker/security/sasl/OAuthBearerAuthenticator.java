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
package io.skiff.broker.security.sasl;

import io.skiff.broker.security.principal.KafkaPrincipal;
import java.nio.charset.StandardCharsets;

/**
 * The server side of SASL/OAUTHBEARER (RFC 7628) with unsecured tokens. The client's first message is
 * {@code gs2-header ^A auth=Bearer <token> ^A [key=value ^A]* ^A}. A refused token is answered, as Kafka answers
 * it, with the JSON error {@code {"status":"invalid_token"}} as a challenge; the client acknowledges with a lone
 * {@code ^A}, and the exchange then fails with that JSON as the message.
 *
 * <p>Not thread-safe: one per exchange.
 */
final class OAuthBearerAuthenticator extends OneMessageAuthenticator {
    private static final String INVALID_TOKEN = "{\"status\":\"invalid_token\"}";

    private final OAuthBearerValidator validator;
    private long expiryMs = Long.MAX_VALUE;
    private boolean errorSent;

    OAuthBearerAuthenticator(OAuthBearerValidator validator) {
        super("OAUTHBEARER");
        this.validator = validator;
    }

    @Override
    public byte[] evaluate(byte[] clientToken) throws SaslAuthenticationException {
        if (errorSent) {
            throw new SaslAuthenticationException(INVALID_TOKEN);
        }
        String message = new String(clientToken, StandardCharsets.UTF_8);
        String token = null;
        for (String field : message.split("\u0001")) {
            if (field.startsWith("auth=")) {
                String auth = field.substring("auth=".length()).trim();
                if (auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
                    token = auth.substring(7).trim();
                }
            }
        }
        if (!message.startsWith("n,") && !message.startsWith("y,")) {
            throw new SaslAuthenticationException("Invalid OAUTHBEARER client first message");
        }
        try {
            if (token == null) {
                throw new IllegalArgumentException("no bearer token");
            }
            OAuthBearerValidator.ValidToken valid = validator.validate(token);
            authenticated(KafkaPrincipal.user(valid.principalName()));
            expiryMs = valid.expiryMs();
            return new byte[0];
        } catch (IllegalArgumentException refused) {
            errorSent = true;
            return INVALID_TOKEN.getBytes(StandardCharsets.UTF_8);
        }
    }

    @Override
    public long credentialExpiryMs() {
        return expiryMs;
    }
}
