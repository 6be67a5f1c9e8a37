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
import io.skiff.testkit.Skiff;
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
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.quota.ClientQuotaFilter;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;

/**
 * The security page and /api/security on a broker with an authorizer, for a user allowed everything (a super user
 * logged in): ACLs, SCRAM users and quotas.
 */
@Skiff(
        console = true,
        properties = {Consoles.AUTHORIZER, Consoles.SUPER_USERS})
@ExtendWith(ConsoleBrowser.class)
class ConsoleSecurityTest {
    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;
    /** Filled in by {@link ConsoleBrowser}. */
    private static ChromeDriver browser;

    private static String console;
    private static String cookie;

    @BeforeAll
    static void logIn() {
        console = Consoles.url(broker);
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
            ConsoleBrowser.markPage(browser);
            assertTrue(browser.findElement(By.id("acl-table")).getText().contains("User:alice"));
            assertTrue(browser.findElement(By.id("user-table")).getText().contains("SCRAM-SHA-256 (8192)"));
            assertTrue(browser.findElement(By.id("quota-table")).getText().contains("producer_byte_rate=1024.0"));

            admin.createAcls(List.of(acl("bob"))).all().get();
            await().atMost(Duration.ofSeconds(20))
                    .ignoreException(StaleElementReferenceException.class)
                    .until(() ->
                            browser.findElement(By.id("acl-table")).getText().contains("User:bob"));
            assertTrue(ConsoleBrowser.pageIsTheSame(browser), "the page was reloaded instead of updated");
        }
    }

    @Test
    void aclsUsersAndQuotasAreChangedFromTheConsoleAsKafkasToolsChangeThem() throws Exception {
        browser.get(console + "/security");
        browser.findElement(By.id("acl-name")).sendKeys("payments");
        browser.findElement(By.id("acl-principal")).sendKeys("User:carol");
        new Select(browser.findElement(By.cssSelector("#acl-add select[name=operation]"))).selectByVisibleText("WRITE");
        browser.findElement(By.cssSelector("#acl-add button[type=submit]")).click();
        // the click only starts the form's POST: wait for the page it answers with
        await().atMost(Duration.ofSeconds(20))
                .ignoreExceptions()
                .until(() ->
                        "ACL added.".equals(browser.findElement(By.id("flash")).getText()));
        assertTrue(browser.findElement(By.id("acl-table")).getText().contains("payments"));
        try (Admin admin = admin()) {
            var described = admin.describeAcls(new AclBindingFilter(
                            new ResourcePatternFilter(ResourceType.TOPIC, "payments", PatternType.LITERAL),
                            AccessControlEntryFilter.ANY))
                    .values()
                    .get();
            assertEquals(
                    List.of(new AclBinding(
                            new ResourcePattern(ResourceType.TOPIC, "payments", PatternType.LITERAL),
                            new AccessControlEntry("User:carol", "*", AclOperation.WRITE, AclPermissionType.ALLOW))),
                    List.copyOf(described));

            String removal = "{\"resourceType\":\"TOPIC\",\"resourceName\":\"payments\",\"patternType\":\"LITERAL\","
                    + "\"principal\":\"User:carol\",\"host\":\"*\",\"operation\":\"WRITE\",\"permission\":\"ALLOW\"}";
            assertEquals(204, send("DELETE", "/api/acls", cookie, removal).statusCode());
            assertTrue(admin.describeAcls(new AclBindingFilter(
                            new ResourcePatternFilter(ResourceType.TOPIC, "payments", PatternType.LITERAL),
                            AccessControlEntryFilter.ANY))
                    .values()
                    .get()
                    .isEmpty());
            assertEquals(400, send("DELETE", "/api/acls", cookie, removal).statusCode(), "already removed");
            HttpResponse<String> invalid = send(
                    "POST",
                    "/api/acls",
                    cookie,
                    "{\"resourceType\":\"TOPIC\",\"resourceName\":\"x\",\"principal\":\"carol\",\"operation\":\"READ\"}");
            assertEquals(400, invalid.statusCode());
            assertTrue(invalid.body().contains("Could not parse principal"), invalid.body());

            assertEquals(
                    204,
                    send(
                                    "PUT",
                                    "/api/users/dave",
                                    cookie,
                                    "{\"mechanism\":\"SCRAM-SHA-512\",\"iterations\":4096,\"password\":\"dave-pw\"}")
                            .statusCode());
            assertEquals(
                    4096,
                    admin.describeUserScramCredentials(List.of("dave"))
                            .description("dave")
                            .get()
                            .credentialInfos()
                            .get(0)
                            .iterations());
            ConsoleLogin.api(console, "dave", "dave-pw"); // the stored credential takes dave's password
            assertEquals(
                    400,
                    send("PUT", "/api/users/dave", cookie, "{\"iterations\":100,\"password\":\"x\"}")
                            .statusCode(),
                    "Too few iterations");
            assertEquals(
                    204,
                    send("DELETE", "/api/users/dave?mechanism=SCRAM-SHA-512", cookie, null)
                            .statusCode());
            assertTrue(admin.describeUserScramCredentials().all().get().keySet().stream()
                    .noneMatch("dave"::equals));

            assertEquals(204, setQuota(cookie, "user=dave,client-id=app", "consumer_byte_rate", "2048"));
            var quotas = admin.describeClientQuotas(ClientQuotaFilter.all())
                    .entities()
                    .get();
            assertEquals(
                    Map.of("consumer_byte_rate", 2048.0),
                    quotas.get(new ClientQuotaEntity(
                            Map.of(ClientQuotaEntity.USER, "dave", ClientQuotaEntity.CLIENT_ID, "app"))));
            assertEquals(204, setQuota(cookie, "user=dave,client-id=app", "consumer_byte_rate", "null"));
            assertTrue(admin.describeClientQuotas(ClientQuotaFilter.all()).entities().get().keySet().stream()
                    .noneMatch(e -> "dave".equals(e.entries().get(ClientQuotaEntity.USER))));

            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(
                            "erin", new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4096), "erin-pw")))
                    .all()
                    .get();
            String erin = ConsoleLogin.api(console, "erin", "erin-pw");
            HttpResponse<String> refused = send(
                    "POST",
                    "/api/acls",
                    erin,
                    "{\"resourceType\":\"TOPIC\",\"resourceName\":\"x\",\"principal\":\"User:erin\",\"operation\":\"ALL\"}");
            assertEquals(403, refused.statusCode(), "a user without Alter on the cluster grants herself nothing");
            assertEquals("{\"error\":\"Cluster authorization failed.\"}", refused.body());
            assertEquals(403, setQuota(erin, "user=erin", "producer_byte_rate", "1"));
        }
    }

    private static HttpResponse<String> send(String method, String path, String cookie, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(console + path))
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** PUT /api/quotas: sets one quota of an entity, or with {@code value} "null" removes it; the answer's status. */
    private static int setQuota(String cookie, String entity, String key, String value) throws Exception {
        return send(
                        "PUT",
                        "/api/quotas",
                        cookie,
                        "{\"entity\":\"" + entity + "\",\"key\":\"" + key + "\",\"value\":" + value + "}")
                .statusCode();
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
