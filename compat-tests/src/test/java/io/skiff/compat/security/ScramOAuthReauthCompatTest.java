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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialDeletion;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.admin.UserScramCredentialsDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.ResourceNotFoundException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SCRAM-SHA-256/512 with credentials managed through the admin API (what kafka-configs sends) and kept across a
 * restart; OAUTHBEARER with unsecured tokens; re-authentication after connections.max.reauth.ms (KIP-368).
 */
class ScramOAuthReauthCompatTest {
    @TempDir
    Path dataDir;

    private SkiffServer startScram() {
        Map<String, String> config = new HashMap<>();
        config.put("listeners", "PLAINTEXT://127.0.0.1:0,SASL_SSL://127.0.0.1:0");
        config.put("sasl.enabled.mechanisms", "SCRAM-SHA-256,SCRAM-SHA-512");
        return SkiffServer.builder().dataDir(dataDir).config(config).start();
    }

    private Map<String, Object> trust() {
        return Map.of(
                "ssl.truststore.location",
                dataDir.resolve("tls/truststore.p12").toString(),
                "ssl.truststore.type",
                "PKCS12",
                "ssl.truststore.password",
                "skiff-dev");
    }

    private static String plaintext(SkiffServer server) {
        return "127.0.0.1:" + server.boundListeners().get(0).port();
    }

    private static String saslSsl(SkiffServer server) {
        return "127.0.0.1:" + server.boundListeners().get(1).port();
    }

    @Test
    void scramUsersAreManagedByTheAdminApiAndSurviveARestart() throws Exception {
        try (SkiffServer server = startScram();
                Admin admin = SecureClients.admin(plaintext(server), Map.of())) {
            admin.alterUserScramCredentials(List.of(
                            new UserScramCredentialUpsertion(
                                    "alice", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096), "alice-pw"),
                            new UserScramCredentialUpsertion(
                                    "bob", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), "bob-pw")))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            Map<String, UserScramCredentialsDescription> described =
                    admin.describeUserScramCredentials().all().get(20, TimeUnit.SECONDS);
            assertEquals(
                    List.of(new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096)),
                    described.get("alice").credentialInfos());
            assertEquals(
                    List.of(new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192)),
                    described.get("bob").credentialInfos());
            ExecutionException missing = assertThrows(
                    ExecutionException.class,
                    () -> admin.alterUserScramCredentials(
                                    List.of(new UserScramCredentialDeletion("nobody", ScramMechanism.SCRAM_SHA_256)))
                            .all()
                            .get(20, TimeUnit.SECONDS));
            assertInstanceOf(ResourceNotFoundException.class, missing.getCause());

            SecureClients.roundTrip(
                    saslSsl(server),
                    SecureClients.merge(trust(), SecureClients.scram("SASL_SSL", "SCRAM-SHA-256", "alice", "alice-pw")),
                    "scram-256",
                    20);
            SecureClients.roundTrip(
                    saslSsl(server),
                    SecureClients.merge(trust(), SecureClients.scram("SASL_SSL", "SCRAM-SHA-512", "bob", "bob-pw")),
                    "scram-512",
                    20);
        }
        try (SkiffServer restarted = startScram()) {
            SecureClients.roundTrip(
                    saslSsl(restarted),
                    SecureClients.merge(trust(), SecureClients.scram("SASL_SSL", "SCRAM-SHA-256", "alice", "alice-pw")),
                    "scram-after-restart",
                    5);
        }
    }

    @Test
    void wrongScramPasswordAndUnknownUserFailWithKafkasMessage() throws Exception {
        try (SkiffServer server = startScram();
                Admin admin = SecureClients.admin(plaintext(server), Map.of())) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
                            "alice", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096), "alice-pw")))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            for (String[] credentials : new String[][] {{"alice", "wrong"}, {"nobody", "alice-pw"}}) {
                try (Admin wrong = SecureClients.admin(
                        saslSsl(server),
                        SecureClients.merge(
                                trust(),
                                SecureClients.scram("SASL_SSL", "SCRAM-SHA-256", credentials[0], credentials[1])))) {
                    ExecutionException e = assertThrows(
                            ExecutionException.class,
                            () -> wrong.listTopics().names().get(15, TimeUnit.SECONDS));
                    assertInstanceOf(SaslAuthenticationException.class, e.getCause());
                    assertEquals(
                            "Authentication failed during authentication due to invalid credentials with SASL "
                                    + "mechanism SCRAM-SHA-256",
                            e.getCause().getMessage());
                }
            }
        }
    }

    @Test
    void oauthBearerWithUnsecuredTokens() throws Exception {
        Map<String, String> config = new HashMap<>();
        config.put("listeners", "SASL_PLAINTEXT://127.0.0.1:0");
        config.put("sasl.enabled.mechanisms", "OAUTHBEARER");
        config.put(
                "listener.name.sasl_plaintext.oauthbearer.sasl.jaas.config",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;");
        try (SkiffServer server =
                SkiffServer.builder().dataDir(dataDir).config(config).start()) {
            SecureClients.roundTrip(
                    server.bootstrapServers(),
                    SecureClients.unsecuredOAuthBearer("SASL_PLAINTEXT", "carol"),
                    "over-oauth",
                    10);
        }
    }

    @Test
    void clientsReauthenticateBeforeTheSessionEnds() throws Exception {
        Map<String, String> config = SecureClients.plainSaslListener(
                "SASL_PLAINTEXT://127.0.0.1:0", SecureClients.plainUsers("alice", "alice-secret"));
        config.put("connections.max.reauth.ms", "1500");
        try (SkiffServer server =
                SkiffServer.builder().dataDir(dataDir).config(config).start()) {
            server.createTopic("reauth", 1);
            try (KafkaProducer<String, String> producer = SecureClients.producer(
                    server.bootstrapServers(), SecureClients.plainSasl("SASL_PLAINTEXT", "alice", "alice-secret"))) {
                int[] sent = {0};
                await().atMost(Duration.ofSeconds(30)).until(() -> {
                    producer.send(new ProducerRecord<>("reauth", "k", "v" + sent[0]++))
                            .get(10, TimeUnit.SECONDS);
                    return metric(producer.metrics(), "successful-reauthentication-total") >= 2;
                });
                assertEquals(0.0, metric(producer.metrics(), "failed-reauthentication-total"));
            }
        }
    }

    private static double metric(Map<MetricName, ? extends Metric> metrics, String name) {
        double total = 0;
        for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
            if (e.getKey().name().equals(name) && e.getKey().group().equals("producer-metrics")) {
                total += ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        return total;
    }
}
