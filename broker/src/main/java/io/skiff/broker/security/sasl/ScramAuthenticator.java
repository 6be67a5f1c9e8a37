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
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The server side of SCRAM-SHA-256/512 (RFC 5802, without channel binding) against a {@link ScramCredentialStore},
 * as Kafka's ScramSaslServer: client-first → server-first (nonce, salt, iterations) → client-final with the proof →
 * server-final with the server signature. Any failure, unknown user or wrong proof alike, gets Kafka's one message,
 * which does not tell which it was.
 *
 * <p>Not thread-safe: one per exchange.
 */
final class ScramAuthenticator implements SaslAuthenticator {
    private static final SecureRandom RANDOM = new SecureRandom();

    private enum State {
        CLIENT_FIRST,
        CLIENT_FINAL,
        COMPLETE,
        FAILED
    }

    private final ScramMechanism mechanism;
    private final ScramCredentialStore store;
    private State state = State.CLIENT_FIRST;
    private String username;
    private String gs2Header;
    private String clientFirstBare;
    private String serverFirst;
    private String nonce;
    private ScramCredential credential;

    ScramAuthenticator(ScramMechanism mechanism, ScramCredentialStore store) {
        this.mechanism = mechanism;
        this.store = store;
    }

    @Override
    public String mechanism() {
        return mechanism.mechanismName();
    }

    @Override
    public byte[] evaluate(byte[] clientToken) throws SaslAuthenticationException {
        String message = new String(clientToken, StandardCharsets.UTF_8);
        try {
            return switch (state) {
                case CLIENT_FIRST -> clientFirst(message);
                case CLIENT_FINAL -> clientFinal(message);
                default -> throw new IllegalStateException("unexpected SCRAM message in state " + state);
            };
        } catch (RuntimeException e) {
            state = State.FAILED;
            throw invalidCredentials();
        }
    }

    private SaslAuthenticationException invalidCredentials() {
        return new SaslAuthenticationException("Authentication failed during authentication due to invalid credentials "
                + "with SASL mechanism " + mechanism.mechanismName());
    }

    private byte[] clientFirst(String message) throws SaslAuthenticationException {
        // gs2-header: "n,," or "y,," optionally with "a=authzid"; no channel binding ("p=").
        int second = message.indexOf(',', message.indexOf(',') + 1);
        if (!(message.startsWith("n,") || message.startsWith("y,")) || second < 0) {
            throw new IllegalArgumentException("invalid SCRAM client-first message");
        }
        gs2Header = message.substring(0, second + 1);
        String authzid = message.substring(2, second);
        clientFirstBare = message.substring(second + 1);
        String clientNonce = null;
        for (String attribute : clientFirstBare.split(",")) {
            if (attribute.startsWith("n=")) {
                username = saslName(attribute.substring(2));
            } else if (attribute.startsWith("r=")) {
                clientNonce = attribute.substring(2);
            }
        }
        if (username == null || username.isEmpty() || clientNonce == null || clientNonce.isEmpty()) {
            throw new IllegalArgumentException("SCRAM client-first message without user name or nonce");
        }
        if (!authzid.isEmpty() && !authzid.equals("a=" + username)) {
            throw new IllegalArgumentException("authorization id differs from the user name");
        }
        credential = store.credential(username, mechanism);
        if (credential == null) {
            state = State.FAILED;
            throw invalidCredentials();
        }
        byte[] serverNonce = new byte[18];
        RANDOM.nextBytes(serverNonce);
        nonce = clientNonce + Base64.getEncoder().encodeToString(serverNonce);
        serverFirst = "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(credential.salt()) + ",i="
                + credential.iterations();
        state = State.CLIENT_FINAL;
        return serverFirst.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] clientFinal(String message) throws SaslAuthenticationException {
        int proofAt = message.lastIndexOf(",p=");
        if (proofAt < 0) {
            throw new IllegalArgumentException("SCRAM client-final message without proof");
        }
        String withoutProof = message.substring(0, proofAt);
        byte[] proof = Base64.getDecoder().decode(message.substring(proofAt + 3));
        String channelBinding = null;
        String finalNonce = null;
        for (String attribute : withoutProof.split(",")) {
            if (attribute.startsWith("c=")) {
                channelBinding = attribute.substring(2);
            } else if (attribute.startsWith("r=")) {
                finalNonce = attribute.substring(2);
            }
        }
        String expectedBinding = Base64.getEncoder().encodeToString(gs2Header.getBytes(StandardCharsets.UTF_8));
        if (!expectedBinding.equals(channelBinding) || !nonce.equals(finalNonce)) {
            throw new IllegalArgumentException("SCRAM client-final message does not match the exchange");
        }
        byte[] authMessage =
                (clientFirstBare + "," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.UTF_8);
        byte[] clientSignature = mechanism.hmac(credential.storedKey(), authMessage);
        if (proof.length != clientSignature.length) {
            throw invalidProof();
        }
        byte[] clientKey = new byte[proof.length];
        for (int i = 0; i < proof.length; i++) {
            clientKey[i] = (byte) (proof[i] ^ clientSignature[i]);
        }
        if (!MessageDigest.isEqual(mechanism.hash(clientKey), credential.storedKey())) {
            throw invalidProof();
        }
        byte[] serverSignature = mechanism.hmac(credential.serverKey(), authMessage);
        state = State.COMPLETE;
        return ("v=" + Base64.getEncoder().encodeToString(serverSignature)).getBytes(StandardCharsets.UTF_8);
    }

    private SaslAuthenticationException invalidProof() {
        state = State.FAILED;
        return invalidCredentials();
    }

    /** RFC 5802 saslname: "=2C" is ',' and "=3D" is '='. */
    private static String saslName(String encoded) {
        return encoded.replace("=2C", ",").replace("=3D", "=");
    }

    @Override
    public boolean isComplete() {
        return state == State.COMPLETE;
    }

    @Override
    public KafkaPrincipal principal() {
        if (state != State.COMPLETE) {
            throw new IllegalStateException("SCRAM exchange not complete");
        }
        return KafkaPrincipal.user(username);
    }
}
