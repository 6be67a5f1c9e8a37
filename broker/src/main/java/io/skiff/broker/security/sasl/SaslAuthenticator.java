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

/**
 * The server side of one SASL exchange: takes each token the client sends (SaslAuthenticate's authBytes) and
 * returns the token to answer with, until {@link #isComplete()}.
 *
 * <p>Not thread-safe: one per exchange; the connection sends its tokens one at a time.
 */
public interface SaslAuthenticator {
    /** The mechanism's name, e.g. {@code SCRAM-SHA-256}. */
    String mechanism();

    /**
     * Evaluates one client token.
     *
     * @return the server token to send back (empty when there is nothing to say)
     * @throws SaslAuthenticationException when the client is refused; its message is what the client is told
     */
    byte[] evaluate(byte[] clientToken) throws SaslAuthenticationException;

    /** Whether the exchange succeeded. */
    boolean isComplete();

    /** The authenticated principal; only once {@link #isComplete()}. */
    KafkaPrincipal principal();

    /** When the credential itself expires (an OAuth token's {@code exp}), epoch ms; {@code Long.MAX_VALUE} if never. */
    default long credentialExpiryMs() {
        return Long.MAX_VALUE;
    }
}
