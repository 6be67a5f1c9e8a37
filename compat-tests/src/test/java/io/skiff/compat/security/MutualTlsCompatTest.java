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

import io.skiff.broker.SkiffServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS with key material made by the JDK's keytool, as users make it: the broker's key store is a PKCS12 file,
 * its trust store the client certificate given inline as PEM; {@code ssl.client.auth=required}; the client
 * certificate's name, mapped by {@code ssl.principal.mapping.rules}, is the principal ACLs name.
 */
class MutualTlsCompatTest {
    private static final String PASSWORD = "changeit";

    @TempDir
    Path dir;

    private Path serverStore;
    private Path clientStore;
    private Path clientTrust;
    private String clientCertPem;

    private void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("keytool " + String.join(" ", args) + " failed:\n" + output);
        }
    }

    private void keyPair(Path store, String alias, String dname, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "-genkeypair",
                "-alias",
                alias,
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                dname,
                "-validity",
                "30",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD));
        args.addAll(List.of(extra));
        keytool(args.toArray(new String[0]));
    }

    @BeforeEach
    void makeKeys() throws Exception {
        serverStore = dir.resolve("server.p12");
        clientStore = dir.resolve("client.p12");
        clientTrust = dir.resolve("client-trust.p12");
        keyPair(serverStore, "broker", "CN=broker,O=Test", "-ext", "SAN=IP:127.0.0.1,DNS:localhost");
        keyPair(clientStore, "app", "CN=order-service,OU=apps,O=Test");
        Path serverCert = dir.resolve("server.pem");
        Path clientCert = dir.resolve("client.pem");
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "broker",
                "-keystore",
                serverStore.toString(),
                "-storepass",
                PASSWORD,
                "-file",
                serverCert.toString());
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "app",
                "-keystore",
                clientStore.toString(),
                "-storepass",
                PASSWORD,
                "-file",
                clientCert.toString());
        keytool(
                "-importcert",
                "-noprompt",
                "-alias",
                "broker",
                "-file",
                serverCert.toString(),
                "-storetype",
                "PKCS12",
                "-keystore",
                clientTrust.toString(),
                "-storepass",
                PASSWORD);
        clientCertPem = Files.readString(clientCert);
    }

    private SkiffServer start() {
        Map<String, String> config = new HashMap<>();
        config.put("listeners", "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0");
        config.put("listener.name.ssl.ssl.keystore.type", "PKCS12");
        config.put("listener.name.ssl.ssl.keystore.location", serverStore.toString());
        config.put("listener.name.ssl.ssl.keystore.password", PASSWORD);
        config.put("listener.name.ssl.ssl.truststore.type", "PEM");
        config.put("listener.name.ssl.ssl.truststore.certificates", clientCertPem);
        config.put("listener.name.ssl.ssl.client.auth", "required");
        config.put("ssl.principal.mapping.rules", "RULE:^CN=(.*?),OU=apps,.*$/$1/,DEFAULT");
        config.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        config.put("super.users", "User:ANONYMOUS"); // the PLAINTEXT listener administers
        return SkiffServer.builder().dataDir(dir.resolve("data")).config(config).start();
    }

    private Map<String, Object> client(boolean withCertificate) {
        Map<String, Object> p = new HashMap<>();
        p.put("security.protocol", "SSL");
        p.put("ssl.truststore.location", clientTrust.toString());
        p.put("ssl.truststore.type", "PKCS12");
        p.put("ssl.truststore.password", PASSWORD);
        if (withCertificate) {
            p.put("ssl.keystore.location", clientStore.toString());
            p.put("ssl.keystore.type", "PKCS12");
            p.put("ssl.keystore.password", PASSWORD);
        }
        return p;
    }

    @Test
    void theClientCertificateIsThePrincipalAclsName() throws Exception {
        try (SkiffServer server = start();
                Admin admin = SecureClients.admin(
                        "127.0.0.1:" + server.boundListeners().get(0).port(), Map.of())) {
            server.createTopic("orders", 1);
            String ssl = "127.0.0.1:" + server.boundListeners().get(1).port();
            try (KafkaProducer<String, String> producer = SecureClients.producer(ssl, client(true))) {
                ExecutionException denied = assertThrows(
                        ExecutionException.class,
                        () -> producer.send(new ProducerRecord<>("orders", "k", "v"))
                                .get(20, TimeUnit.SECONDS));
                assertInstanceOf(TopicAuthorizationException.class, denied.getCause());
            }
            admin.createAcls(List.of(new AclBinding(
                            new ResourcePattern(ResourceType.TOPIC, "orders", PatternType.LITERAL),
                            new AccessControlEntry(
                                    "User:order-service", "*", AclOperation.WRITE, AclPermissionType.ALLOW))))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            try (KafkaProducer<String, String> producer = SecureClients.producer(ssl, client(true))) {
                assertEquals(
                        0L,
                        producer.send(new ProducerRecord<>("orders", "k", "v"))
                                .get(20, TimeUnit.SECONDS)
                                .offset());
            }
        }
    }

    @Test
    void aClientWithoutACertificateIsRefusedByTheHandshake() throws Exception {
        try (SkiffServer server = start();
                Admin admin = SecureClients.admin(
                        "127.0.0.1:" + server.boundListeners().get(1).port(), client(false))) {
            ExecutionException e = assertThrows(
                    ExecutionException.class, () -> admin.listTopics().names().get(15, TimeUnit.SECONDS));
            assertInstanceOf(SslAuthenticationException.class, e.getCause());
        }
    }
}
