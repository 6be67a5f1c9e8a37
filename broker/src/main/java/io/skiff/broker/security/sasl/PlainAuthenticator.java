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
import java.security.MessageDigest;
import java.util.Map;

/**
 * SASL/PLAIN (RFC 4616) against the users of the listener's JAAS configuration ({@code user_<name>="password"}),
 * as Kafka's PlainServerCallbackHandler checks them. The token is {@code authzid NUL authcid NUL password}; an
 * authorization id other than the user is refused, as Kafka refuses it.
 *
 * <p>Not thread-safe: one per exchange.
 */
final class PlainAuthenticator extends OneMessageAuthenticator {
    private final Map<String, String> users;

    PlainAuthenticator(Map<String, String> users) {
        super("PLAIN");
        this.users = users;
    }

    @Override
    public byte[] evaluate(byte[] clientToken) throws SaslAuthenticationException {
        String token = new String(clientToken, StandardCharsets.UTF_8);
        String[] parts = token.split("\u0000", -1);
        if (parts.length != 3) {
            throw new SaslAuthenticationException(
                    "Invalid SASL/PLAIN response: expected 3 tokens, got " + parts.length);
        }
        String authzid = parts[0];
        String username = parts[1];
        String password = parts[2];
        if (username.isEmpty()) {
            throw new SaslAuthenticationException("Authentication failed: username not specified");
        }
        if (password.isEmpty()) {
            throw new SaslAuthenticationException("Authentication failed: password not specified");
        }
        String expected = users.get(username);
        if (expected == null
                || !MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8), password.getBytes(StandardCharsets.UTF_8))) {
            throw new SaslAuthenticationException("Authentication failed: Invalid username or password");
        }
        if (!authzid.isEmpty() && !authzid.equals(username)) {
            throw new SaslAuthenticationException(
                    "Authentication failed: Client requested an authorization id that is different from username");
        }
        authenticated(KafkaPrincipal.user(username));
        return new byte[0];
    }
}
