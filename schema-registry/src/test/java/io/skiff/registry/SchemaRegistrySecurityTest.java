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
package io.skiff.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry over TLS with HTTP basic authentication against the broker's SASL users: java.net.http trusting the
 * development CA, and Confluent's Python SchemaRegistryClient with {@code ssl.ca.location} and
 * {@code basic.auth.user.info}.
 */
class SchemaRegistrySecurityTest {
    private static final String SCHEMA =
            "{\"type\":\"record\",\"name\":\"Secret\",\"fields\":[{\"name\":\"v\",\"type\":\"string\"}]}";

    @TempDir
    static Path dataDir;

    private static SkiffServer broker;
    private static String url;
    private static HttpClient https;

    @BeforeAll
    static void start() throws Exception {
        Map<String, String> config = new HashMap<>();
        config.put("listeners", "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0");
        config.put("sasl.enabled.mechanisms", "PLAIN,SCRAM-SHA-256");
        config.put(
                "listener.name.sasl_plaintext.plain.sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-secret\";");
        config.put("schema.registry.authentication.method", "BASIC");
        broker = SkiffServer.builder()
                .dataDir(dataDir)
                .config(config)
                .schemaRegistry("https://127.0.0.1:0")
                .start();
        url = broker.extensionUrl("schema-registry").orElseThrow();
        https = HttpClient.newBuilder().sslContext(trusting(caPem())).build();
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    private static Path caPem() {
        return dataDir.resolve("tls").resolve("ca.pem");
    }

    @Test
    void theListenerServesTlsWithTheDevelopmentCasCertificate() throws Exception {
        assertTrue(url.startsWith("https://127.0.0.1:"), url);
        assertTrue(Files.exists(caPem()), "the development CA's certificate for clients to trust");
        // A client that does not trust the CA refuses the certificate; plain HTTP gets no answer.
        assertThrows(
                SSLHandshakeException.class,
                () -> HttpClient.newHttpClient()
                        .send(get("/subjects", "alice", "alice-secret"), HttpResponse.BodyHandlers.ofString()));
        URI plain = URI.create(url.replace("https://", "http://") + "/subjects");
        assertThrows(
                IOException.class,
                () -> HttpClient.newHttpClient()
                        .send(HttpRequest.newBuilder(plain).build(), HttpResponse.BodyHandlers.ofString()));
    }

    @Test
    void requestsWithoutTheRightPasswordGetConfluents401() throws Exception {
        for (HttpRequest request : List.of(
                HttpRequest.newBuilder(URI.create(url + "/subjects")).build(),
                get("/subjects", "alice", "wrong"),
                get("/subjects", "mallory", "alice-secret"),
                get("/no/such/path", null, null),
                HttpRequest.newBuilder(URI.create(url + "/subjects"))
                        .header("Authorization", "Basic not-base64!")
                        .build(),
                HttpRequest.newBuilder(URI.create(url + "/subjects/s/versions"))
                        .header("Content-Type", RegistryClient.CONTENT_TYPE)
                        .POST(HttpRequest.BodyPublishers.ofString(RegistryClient.body(SCHEMA, null)))
                        .build())) {
            HttpResponse<String> response = https.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(401, response.statusCode(), request + ": " + response.body());
            JsonObject body = JsonParser.parseString(response.body()).getAsJsonObject();
            assertEquals(401, body.get("error_code").getAsInt());
            assertEquals("Unauthorized", body.get("message").getAsString());
            assertEquals(
                    "Basic realm=\"SchemaRegistry\"",
                    response.headers().firstValue("WWW-Authenticate").orElse(null));
            assertEquals(
                    RegistryClient.CONTENT_TYPE,
                    response.headers().firstValue("Content-Type").orElse(null));
        }
        HttpResponse<String> refusedPost =
                https.send(get("/subjects/s/versions", "alice", "alice-secret"), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, refusedPost.statusCode(), "the refused POST registered nothing: " + refusedPost.body());
    }

    @Test
    void aPlainUserAndAScramUserOfTheBrokerAreLetIn() throws Exception {
        HttpResponse<String> registered = https.send(
                HttpRequest.newBuilder(URI.create(url + "/subjects/secret-value/versions"))
                        .header("Authorization", basic("alice", "alice-secret"))
                        .header("Content-Type", RegistryClient.CONTENT_TYPE)
                        .POST(HttpRequest.BodyPublishers.ofString(RegistryClient.body(SCHEMA, null)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, registered.statusCode(), registered.body());

        try (Admin admin = Admin.create(Map.of("bootstrap.servers", plaintext()))) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
                            "bob", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096), "bob-secret")))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        HttpResponse<String> asBob = https.send(
                get("/subjects/secret-value/versions", "bob", "bob-secret"), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, asBob.statusCode(), asBob.body());
        assertEquals("[1]", asBob.body());
        assertEquals(
                401,
                https.send(get("/subjects", "bob", "alice-secret"), HttpResponse.BodyHandlers.ofString())
                        .statusCode());
    }

    @Test
    void confluentsPythonClientAuthenticatesOverTls() throws Exception {
        String output = ConfluentPythonClientTest.run(
                ConfluentPythonClientTest.python(),
                Path.of("src", "test", "python", "registry_security_client.py").toString(),
                url,
                caPem().toString(),
                "alice",
                "alice-secret");
        assertTrue(output.strip().endsWith("done"), output);
    }

    private static String plaintext() {
        return "127.0.0.1:" + broker.boundListeners().get(0).port();
    }

    private static HttpRequest get(String path, String user, String password) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path));
        if (user != null) {
            request.header("Authorization", basic(user, password));
        }
        return request.build();
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** An SSL context trusting only the certificates of a PEM file. */
    static SSLContext trusting(Path pem) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(pem)) {
            int i = 0;
            for (var cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                trust.setCertificateEntry("ca-" + i++, cert);
            }
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }
}
