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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScramAuthenticatorTest {
    @TempDir
    Path dataDir;

    /** RFC 7677's SCRAM-SHA-256 example: user "user", password "pencil". */
    @Test
    void derivedKeysMatchRfc7677() {
        byte[] salt = Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ==");
        ScramMechanism m = ScramMechanism.SCRAM_SHA_256;
        ScramCredential c = m.credential(salt, m.saltedPassword("pencil", salt, 4096), 4096);
        String authMessage = "n=user,r=rOprNGfwEbeRWgbNEkqO,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
                + "s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
        byte[] serverSignature = m.hmac(c.serverKey(), authMessage.getBytes(StandardCharsets.UTF_8));
        assertEquals(
                "6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=",
                Base64.getEncoder().encodeToString(serverSignature));
    }

    @Test
    void aFullExchangeAuthenticatesAndAWrongProofIsRefused() throws Exception {
        ScramCredentialStore store = ScramCredentialStore.open(dataDir);
        ScramMechanism m = ScramMechanism.SCRAM_SHA_512;
        byte[] salt = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        byte[] salted = m.saltedPassword("secret", salt, 4096);
        store.apply(Map.of("alice", Map.of(m, m.credential(salt, salted, 4096))), Map.of());

        ScramAuthenticator ok = new ScramAuthenticator(m, ScramCredentialStore.open(dataDir));
        String serverFirst = new String(ok.evaluate(bytes("n,,n=alice,r=abc")), StandardCharsets.UTF_8);
        String nonce = serverFirst.substring(2, serverFirst.indexOf(','));
        assertTrue(nonce.startsWith("abc"));
        String withoutProof = "c=biws,r=" + nonce;
        byte[] authMessage = ("n=alice,r=abc," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.UTF_8);
        byte[] clientKey = m.hmac(salted, bytes("Client Key"));
        byte[] signature = m.hmac(m.hash(clientKey), authMessage);
        byte[] proof = new byte[clientKey.length];
        for (int i = 0; i < proof.length; i++) {
            proof[i] = (byte) (clientKey[i] ^ signature[i]);
        }
        byte[] serverFinal =
                ok.evaluate(bytes(withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof)));
        assertTrue(ok.isComplete());
        assertEquals("User:alice", ok.principal().toString());
        assertArrayEquals(
                bytes("v="
                        + Base64.getEncoder().encodeToString(m.hmac(m.hmac(salted, bytes("Server Key")), authMessage))),
                serverFinal);

        ScramAuthenticator wrong = new ScramAuthenticator(m, store);
        String first = new String(wrong.evaluate(bytes("n,,n=alice,r=xyz")), StandardCharsets.UTF_8);
        String n = first.substring(2, first.indexOf(','));
        SaslAuthenticationException e = assertThrows(
                SaslAuthenticationException.class,
                () -> wrong.evaluate(
                        bytes("c=biws,r=" + n + ",p=" + Base64.getEncoder().encodeToString(new byte[64]))));
        assertEquals(
                "Authentication failed during authentication due to invalid credentials with SASL mechanism "
                        + "SCRAM-SHA-512",
                e.getMessage());
        assertThrows(
                SaslAuthenticationException.class,
                () -> new ScramAuthenticator(m, store).evaluate(bytes("n,,n=nobody,r=abc")));
    }

    @Test
    void jaasOptionsAreReadWithQuotesAndEscapes() {
        Map<String, String> options = JaasConfig.options(
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"admin\" "
                        + "user_alice=\"a\\\"b c\" bare=value;");
        assertEquals(Map.of("username", "admin", "user_alice", "a\"b c", "bare", "value"), options);
        assertThrows(IllegalArgumentException.class, () -> JaasConfig.options("Module optional-ish x=1;"));
        assertEquals(List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER"), SaslMechanisms.SUPPORTED);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
