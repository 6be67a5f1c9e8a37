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
package io.skiff.compat.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.broker.security.ssl.DevCertificateAuthority;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Java client over SSL, SASL_PLAINTEXT and SASL_SSL with PLAIN: real handshakes, real refusals. */
class TlsAndSaslCompatTest {
    private static final String PLAIN_JAAS = "org.apache.kafka.common.security.plain.PlainLoginModule required "
            + "username=\"admin\" password=\"admin-secret\" user_admin=\"admin-secret\" user_alice=\"alice-secret\";";

    @TempDir
    Path dataDir;

    private SkiffServer start(Map<String, String> config) {
        return SkiffServer.builder()
                .dataDir(dataDir.resolve("data"))
                .config(config)
                .start();
    }

    private Map<String, Object> devTrust() {
        Path trust = dataDir.resolve("data/tls/truststore.p12");
        assertTrue(Files.exists(trust), "the development trust store is written to the data directory");
        Map<String, Object> p = new HashMap<>();
        p.put("ssl.truststore.location", trust.toString());
        p.put("ssl.truststore.type", "PKCS12");
        p.put("ssl.truststore.password", "skiff-dev");
        return p;
    }

    @Test
    void sslWithTheGeneratedDevelopmentCertificate() throws Exception {
        try (SkiffServer server = start(Map.of("listeners", "SSL://127.0.0.1:0"))) {
            Map<String, Object> ssl = new HashMap<>(devTrust());
            ssl.put("security.protocol", "SSL");
            SecureClients.roundTrip(server.bootstrapServers(), ssl, "over-tls", 50);
        }
    }

    @Test
    void inlinePemKeyStoreAndEnabledProtocolsAreApplied() throws Exception {
        Path caDir = dataDir.resolve("elsewhere");
        DevCertificateAuthority.KeyMaterial material =
                new DevCertificateAuthority(caDir, Clock.systemUTC()).serverKeyMaterial(List.of("127.0.0.1"));
        StringBuilder chain = new StringBuilder();
        for (X509Certificate cert : material.chain()) {
            chain.append(pem("CERTIFICATE", cert.getEncoded()));
        }
        Map<String, String> config = new HashMap<>();
        config.put("listeners", "SSL://127.0.0.1:0");
        config.put("ssl.keystore.type", "PEM");
        config.put("ssl.keystore.certificate.chain", chain.toString());
        config.put("ssl.keystore.key", pem("PRIVATE KEY", material.key().getEncoded()));
        config.put("ssl.enabled.protocols", "TLSv1.2");
        try (SkiffServer server = start(config)) {
            assertTrue(Files.notExists(dataDir.resolve("data/tls")), "no development CA with a configured key store");
            Map<String, Object> client = new HashMap<>();
            client.put("security.protocol", "SSL");
            client.put("ssl.truststore.type", "PEM");
            client.put("ssl.truststore.location", caDir.resolve("tls/ca.pem").toString());
            SecureClients.roundTrip(server.bootstrapServers(), client, "over-pem", 5);
            client.put("ssl.enabled.protocols", "TLSv1.3");
            client.put("ssl.protocol", "TLSv1.3");
            try (Admin admin = SecureClients.admin(server.bootstrapServers(), client)) {
                ExecutionException e = assertThrows(
                        ExecutionException.class,
                        () -> admin.listTopics().names().get(15, TimeUnit.SECONDS));
                assertInstanceOf(SslAuthenticationException.class, e.getCause());
            }
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder().encodeToString(der) + "\n-----END " + type
                + "-----\n";
    }

    @Test
    void sslClientThatDoesNotTrustTheBrokerFailsFast() throws Exception {
        try (SkiffServer server = start(Map.of("listeners", "SSL://127.0.0.1:0"))) {
            Map<String, Object> noTrust = Map.of("security.protocol", "SSL", "default.api.timeout.ms", 10000);
            try (Admin admin = SecureClients.admin(server.bootstrapServers(), noTrust)) {
                ExecutionException e = assertThrows(
                        ExecutionException.class,
                        () -> admin.listTopics().names().get(15, TimeUnit.SECONDS));
                assertInstanceOf(SslAuthenticationException.class, e.getCause());
            }
        }
    }

    @Test
    void saslPlaintextWithPlainAndAPlaintextListenerSideBySide() throws Exception {
        try (SkiffServer server = start(
                SecureClients.plainSaslListener("PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0", PLAIN_JAAS))) {
            String saslBootstrap = "127.0.0.1:" + server.boundListeners().get(1).port();
            SecureClients.roundTrip(
                    saslBootstrap,
                    SecureClients.plainSasl("SASL_PLAINTEXT", "alice", "alice-secret"),
                    "over-sasl-plain",
                    20);
            // Metadata on each listener advertises that listener: the client stays on the port it came in on.
            SecureClients.roundTrip(
                    "127.0.0.1:" + server.boundListeners().get(0).port(), Map.of(), "over-plaintext", 5);
        }
    }

    @Test
    void wrongPasswordGetsKafkasMessage() throws Exception {
        try (SkiffServer server = start(SecureClients.plainSaslListener("SASL_PLAINTEXT://127.0.0.1:0", PLAIN_JAAS))) {
            try (Admin admin = SecureClients.admin(
                    server.bootstrapServers(), SecureClients.plainSasl("SASL_PLAINTEXT", "alice", "wrong"))) {
                ExecutionException e = assertThrows(
                        ExecutionException.class,
                        () -> admin.listTopics().names().get(15, TimeUnit.SECONDS));
                assertInstanceOf(SaslAuthenticationException.class, e.getCause());
                assertEquals(
                        "Authentication failed: Invalid username or password",
                        e.getCause().getMessage());
            }
        }
    }

    @Test
    void saslSslWithPlain() throws Exception {
        Map<String, String> config = new HashMap<>();
        config.put("listeners", "SASL_SSL://127.0.0.1:0");
        config.put("sasl.enabled.mechanisms", "PLAIN");
        config.put("listener.name.sasl_ssl.plain.sasl.jaas.config", PLAIN_JAAS);
        try (SkiffServer server = start(config)) {
            SecureClients.roundTrip(
                    server.bootstrapServers(),
                    SecureClients.merge(devTrust(), SecureClients.plainSasl("SASL_SSL", "admin", "admin-secret")),
                    "over-sasl-ssl",
                    20);
        }
    }
}
