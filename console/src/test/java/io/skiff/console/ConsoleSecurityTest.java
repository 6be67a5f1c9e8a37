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

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The security page and /api/security on a broker with an authorizer, for a user allowed everything (a super user
 * logged in): ACLs, SCRAM users and quotas.
 */
class ConsoleSecurityTest {
    private static SkiffServer broker;
    private static ChromeDriver browser;
    private static String console;
    private static String cookie;

    @BeforeAll
    static void start() {
        broker = SkiffServer.builder()
                .console("http://127.0.0.1:0")
                .config("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .config("super.users", "User:ANONYMOUS;User:admin")
                .start();
        console = broker.extensionUrl("console").orElseThrow();
        browser = HeadlessChromium.start();
        try (Admin admin = admin()) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
                            "admin", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), "admin-secret")))
                    .all()
                    .get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        cookie = ConsoleLogin.api(console, "admin", "admin-secret");
        ConsoleLogin.browser(browser, console, "admin", "admin-secret");
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aclsUsersAndQuotasTheAdminClientMadeAreShownAndFollowedLive() throws Exception {
        try (Admin admin = admin()) {
            admin.createAcls(List.of(acl("alice"))).all().get();
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
                            "alice", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 8192), "alice-secret")))
                    .all()
                    .get();
            admin.alterClientQuotas(List.of(new ClientQuotaAlteration(
                            new ClientQuotaEntity(Map.of(ClientQuotaEntity.USER, "alice")),
                            List.of(new ClientQuotaAlteration.Op("producer_byte_rate", 1024.0)))))
                    .all()
                    .get();

            String json = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(console + "/api/security"))
                                    .header("Cookie", cookie)
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            JsonObject security = JsonParser.parseString(json).getAsJsonObject();
            assertTrue(security.get("authorizer").getAsBoolean());
            JsonObject acl = security.getAsJsonArray("acls").get(0).getAsJsonObject();
            assertEquals("TOPIC", acl.get("resourceType").getAsString());
            assertEquals("orders", acl.get("resourceName").getAsString());
            assertEquals("User:alice", acl.get("principal").getAsString());
            assertEquals("READ", acl.get("operation").getAsString());
            JsonObject user = security.getAsJsonArray("users").get(1).getAsJsonObject();
            assertEquals("alice", user.get("user").getAsString());
            assertEquals(
                    8192,
                    user.getAsJsonObject("mechanisms").get("SCRAM-SHA-256").getAsInt());
            assertFalse(json.contains("alice-secret"), json);
            assertEquals(
                    1024.0,
                    security.getAsJsonArray("quotas")
                            .get(0)
                            .getAsJsonObject()
                            .getAsJsonObject("quotas")
                            .get("producer_byte_rate")
                            .getAsDouble());

            browser.get(console + "/security");
            ((JavascriptExecutor) browser).executeScript("window.skiffTestMark = 'kept';");
            assertTrue(browser.findElement(By.id("acl-table")).getText().contains("User:alice"));
            assertTrue(browser.findElement(By.id("user-table")).getText().contains("SCRAM-SHA-256 (8192)"));
            assertTrue(browser.findElement(By.id("quota-table")).getText().contains("producer_byte_rate=1024.0"));

            admin.createAcls(List.of(acl("bob"))).all().get();
            await().atMost(Duration.ofSeconds(20))
                    .ignoreException(StaleElementReferenceException.class)
                    .until(() ->
                            browser.findElement(By.id("acl-table")).getText().contains("User:bob"));
            assertEquals(
                    "kept",
                    ((JavascriptExecutor) browser).executeScript("return window.skiffTestMark;"),
                    "the page was reloaded instead of updated");
        }
    }

    private static AclBinding acl(String user) {
        return new AclBinding(
                new ResourcePattern(ResourceType.TOPIC, "orders", PatternType.LITERAL),
                new AccessControlEntry("User:" + user, "*", AclOperation.READ, AclPermissionType.ALLOW));
    }

    private static Admin admin() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        return Admin.create(p);
    }
}
