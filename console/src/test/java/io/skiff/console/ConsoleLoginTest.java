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
package io.skiff.console;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * A console on a broker with an authorizer asks for a login (checked against the broker's SCRAM credentials or its
 * PLAIN JAAS users) and shows and does only what the user's ACLs allow, as a Kafka client of that user would see.
 */
@Skiff(
        console = true,
        properties = {Consoles.AUTHORIZER, Consoles.SUPER_USERS})
class ConsoleLoginTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;

    private static String console;

    @BeforeAll
    static void start() throws Exception {
        console = Consoles.url(broker);
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(
                            List.of(new NewTopic("alice-orders", 1, (short) 1), new NewTopic("payroll", 1, (short) 1)))
                    .all()
                    .get();
            admin.alterUserScramCredentials(List.of(
                            new UserScramCredentialUpsertion(
                                    "alice", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096), "alice-pw"),
                            new UserScramCredentialUpsertion(
                                    "admin", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), "admin-pw")))
                    .all()
                    .get();
            admin.createAcls(List.of(new AclBinding(
                            new ResourcePattern(ResourceType.TOPIC, "alice-orders", PatternType.LITERAL),
                            new AccessControlEntry("User:alice", "*", AclOperation.READ, AclPermissionType.ALLOW))))
                    .all()
                    .get();
        }
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
            producer.send(new ProducerRecord<>("alice-orders", "o-1", "alice's order"))
                    .get();
            producer.send(new ProducerRecord<>("payroll", "bob", "salary 9000")).get();
        }
    }

    @Test
    void theApiAsksForALoginAndAppliesTheUsersAcls() throws Exception {
        assertEquals(401, send("GET", "/api/topics", null, null).statusCode());
        assertEquals(401, send("GET", "/api/overview", null, null).statusCode());
        HttpResponse<String> wrong = send("POST", "/api/login", null, "{\"user\":\"alice\",\"password\":\"nope\"}");
        assertEquals(401, wrong.statusCode());
        assertTrue(wrong.body().contains("Invalid username or password"), wrong.body());
        assertEquals(
                401,
                send("POST", "/api/login", null, "{\"user\":\"mallory\",\"password\":\"x\"}")
                        .statusCode());

        HttpResponse<String> login = send("POST", "/api/login", null, "{\"user\":\"alice\",\"password\":\"alice-pw\"}");
        assertEquals(200, login.statusCode(), login.body());
        String setCookie = login.headers().firstValue("set-cookie").orElseThrow();
        assertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), setCookie);
        String alice = setCookie.substring(0, setCookie.indexOf(';'));

        assertEquals(List.of("alice-orders"), topicNames(alice));
        HttpResponse<String> records = send("GET", "/api/topics/alice-orders/records", alice, null);
        assertEquals(200, records.statusCode(), records.body());
        assertTrue(records.body().contains("alice's order"), records.body());

        HttpResponse<String> hidden = send("GET", "/api/topics/payroll/records", alice, null);
        assertEquals(403, hidden.statusCode());
        assertEquals("{\"error\":\"Not authorized to access topics: [payroll]\"}", hidden.body());
        assertFalse(hidden.body().contains("salary"));
        assertEquals(403, send("GET", "/api/topics/payroll", alice, null).statusCode());
        assertEquals(
                403,
                send("POST", "/api/topics/alice-orders/records", alice, "{\"value\":\"x\"}")
                        .statusCode(),
                "READ does not grant WRITE");
        assertEquals(
                403, send("DELETE", "/api/topics/alice-orders", alice, null).statusCode());
        assertEquals(
                403,
                send("POST", "/api/topics", alice, "{\"name\":\"alice-new\"}").statusCode());
        assertEquals(403, send("GET", "/api/security", alice, null).statusCode());
        assertEquals(403, send("GET", "/api/connections", alice, null).statusCode());
        assertEquals(403, send("GET", "/api/fetch-sessions", alice, null).statusCode());
        assertEquals(403, send("GET", "/api/fault-rules", alice, null).statusCode());
        assertEquals(403, send("GET", "/internals", alice, null).statusCode());
        assertEquals(
                1,
                JsonParser.parseString(send("GET", "/api/overview", alice, null).body())
                        .getAsJsonObject()
                        .get("topics")
                        .getAsInt(),
                "alice's overview counts her topic only");

        String admin = ConsoleLogin.api(console, "admin", "admin-pw");
        assertEquals(List.of("alice-orders", "payroll"), topicNames(admin));
        assertEquals(200, send("GET", "/api/fault-rules", admin, null).statusCode());
        assertEquals(
                201,
                send("POST", "/api/topics/alice-orders/records", admin, "{\"value\":\"from admin\"}")
                        .statusCode());

        assertEquals(204, send("POST", "/api/logout", alice, null).statusCode());
        assertEquals(401, send("GET", "/api/topics", alice, null).statusCode(), "the session ended at logout");
        assertEquals(200, send("GET", "/api/topics", admin, null).statusCode(), "other sessions go on");
        assertEquals(
                401, send("GET", "/api/topics", "skiff_console=forged", null).statusCode());
    }

    @Test
    void aLimitedUserLogsInInTheBrowserAndSeesOnlyWhatHerAclsAllow() {
        ChromeDriver browser = HeadlessChromium.start();
        try {
            browser.get(console + "/topics");
            assertTrue(browser.getCurrentUrl().contains("/login"), browser.getCurrentUrl());

            ConsoleLogin.browser(browser, console, "alice", "wrong");
            assertTrue(browser.findElement(By.id("flash")).getText().contains("Invalid username or password"));

            browser.get(console + "/topics");
            ConsoleLogin.fillIn(browser, "alice", "alice-pw");
            assertTrue(browser.getCurrentUrl().endsWith("/topics"), "back on the page that asked for the login");
            assertEquals("alice", browser.findElement(By.id("user")).getText());
            String list = browser.findElement(By.tagName("main")).getText();
            assertTrue(list.contains("alice-orders"), list);
            assertFalse(list.contains("payroll"), list);

            browser.get(console + "/topics/alice-orders/records");
            assertTrue(browser.findElement(By.tagName("main")).getText().contains("alice's order"));

            browser.get(console + "/topics/payroll/records");
            String refused = browser.findElement(By.tagName("main")).getText();
            assertTrue(refused.contains("Not authorized to access topics: [payroll]"), refused);
            assertFalse(refused.contains("salary"), refused);

            browser.get(console + "/security");
            assertTrue(browser.findElement(By.tagName("main")).getText().contains("Cluster authorization failed."));

            browser.findElement(By.cssSelector("form.logout button")).click();
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> browser.getCurrentUrl().contains("/login"));
            browser.get(console + "/topics");
            assertTrue(browser.getCurrentUrl().contains("/login"), "logged out: " + browser.getCurrentUrl());
        } finally {
            browser.quit();
        }
    }

    @Test
    void thePlainUsersOfASaslListenerLogIn() throws Exception {
        try (SkiffServer sasl = SkiffServer.builder()
                .console("http://127.0.0.1:0")
                .config("listeners", "SASL_PLAINTEXT://127.0.0.1:0")
                .config("sasl.enabled.mechanisms", "PLAIN")
                .config(
                        "listener.name.sasl_plaintext.plain.sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required user_carol=\"carol-pw\";")
                .start()) {
            String url = sasl.extensionUrl("console").orElseThrow();
            assertEquals(401, raw(url, "GET", "/api/topics", null, null).statusCode());
            assertEquals(
                    401,
                    raw(url, "POST", "/api/login", null, "{\"user\":\"carol\",\"password\":\"bad\"}")
                            .statusCode());
            String carol = ConsoleLogin.api(url, "carol", "carol-pw");
            HttpResponse<String> session = raw(url, "GET", "/api/session", carol, null);
            assertEquals("{\"loginRequired\":true,\"user\":\"carol\"}", session.body());
            assertEquals(
                    200,
                    raw(url, "GET", "/api/topics", carol, null).statusCode(),
                    "SASL without an authorizer: a logged-in user may do everything, as in Kafka");
        }
    }

    @Test
    void aLoginFromAnotherSiteIsRefused() throws Exception {
        HttpResponse<String> answer = HTTP.send(
                HttpRequest.newBuilder(URI.create(console + "/api/login"))
                        .header("Origin", "http://evil.example")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"user\":\"admin\",\"password\":\"admin-pw\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, answer.statusCode());
        assertTrue(answer.headers().firstValue("set-cookie").isEmpty());
    }

    private static List<String> topicNames(String cookie) throws Exception {
        HttpResponse<String> answer = send("GET", "/api/topics", cookie, null);
        assertEquals(200, answer.statusCode(), answer.body());
        JsonArray topics = JsonParser.parseString(answer.body()).getAsJsonArray();
        List<String> names = new ArrayList<>();
        topics.forEach(t -> names.add(t.getAsJsonObject().get("name").getAsString()));
        return names;
    }

    private static HttpResponse<String> send(String method, String path, String cookie, String json) throws Exception {
        return raw(console, method, path, cookie, json);
    }

    private static HttpResponse<String> raw(String url, String method, String path, String cookie, String json)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + path))
                .method(
                        method,
                        json == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
