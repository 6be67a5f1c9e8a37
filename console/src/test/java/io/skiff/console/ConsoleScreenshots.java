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

import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import io.skiff.broker.control.FaultSpec;
import io.skiff.protocol.Errors;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * Not a test but the tool that takes the README's screenshots through the browser tests' driver, run on request:
 * {@code mvn -pl console -am test -Dtest=ConsoleScreenshots -Dskiff.console.screenshots=$PWD/docs/console
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@EnabledIfSystemProperty(named = "skiff.console.screenshots", matches = ".+")
class ConsoleScreenshots {

    @Test
    void takeScreenshotsOfTheMainPages() throws Exception {
        Path dir = Path.of(System.getProperty("skiff.console.screenshots"));
        Files.createDirectories(dir);
        try (SkiffServer broker =
                SkiffServer.builder().console("http://127.0.0.1:0").start()) {
            String console = broker.extensionUrl("console").orElseThrow();
            Properties common = new Properties();
            common.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            try (Admin admin = Admin.create(common)) {
                admin.createTopics(List.of(
                                new NewTopic("orders", 3, (short) 1),
                                new NewTopic("payments", 1, (short) 1)
                                        .configs(Map.of("retention.ms", "86400000", "cleanup.policy", "compact")),
                                new NewTopic("audit", 1, (short) 1)))
                        .all()
                        .get();
            }
            Properties p = new Properties();
            p.putAll(common);
            p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                long until = System.currentTimeMillis() + 16_000; // a few samples for the rate charts
                int i = 0;
                while (System.currentTimeMillis() < until || i < 300) {
                    producer.send(new ProducerRecord<>(
                            "orders",
                            "customer-" + (i % 17),
                            "{\"order\":" + i + ",\"item\":\"book\",\"quantity\":" + (1 + i % 3) + ",\"eur\":"
                                    + (12.5 + i % 7) + "}"));
                    if (i % 50 == 0) {
                        producer.flush();
                        Thread.sleep(100); // pacing the load for a readable chart, not waiting for a state
                    }
                    i++;
                }
                producer.send(new ProducerRecord<>("payments", "p-1", "{\"amount\":42}"));
            }
            Properties c = new Properties();
            c.putAll(common);
            c.put(ConsumerConfig.GROUP_ID_CONFIG, "billing");
            c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200);
            c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
                consumer.subscribe(List.of("orders"));
                int read = 0;
                while (read < 150) {
                    read += consumer.poll(Duration.ofMillis(200)).count();
                }
                consumer.commitSync();
            }
            Properties t = new Properties();
            t.putAll(p);
            t.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "payments-writer");
            KafkaProducer<String, String> open = new KafkaProducer<>(t);
            open.initTransactions();
            open.beginTransaction();
            open.send(new ProducerRecord<>("payments", "p-2", "{\"amount\":7}")).get();

            HttpClient http = HttpClient.newHttpClient();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> JsonParser.parseString(http.send(
                                                    HttpRequest.newBuilder(URI.create(console + "/api/rates"))
                                                            .build(),
                                                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
                                            .body())
                                    .getAsJsonArray()
                                    .size()
                            >= 3);
            // The internals page: an open fetch session (a consumer that stays) and two fault rules, one spent
            broker.faults()
                    .add(FaultSpec.builder()
                            .api("Fetch")
                            .clientId("slow-consumer")
                            .latency(Duration.ofMillis(250)));
            broker.faults()
                    .add(FaultSpec.builder()
                            .api("Produce")
                            .topic("audit")
                            .error(Errors.NOT_LEADER_OR_FOLLOWER)
                            .count(1));
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                producer.send(new ProducerRecord<>("audit", "a-1", "login")).get(); // retried once
            }
            Properties r = new Properties();
            r.putAll(c);
            r.remove(ConsumerConfig.GROUP_ID_CONFIG);
            r.put(ConsumerConfig.CLIENT_ID_CONFIG, "audit-reader");
            KafkaConsumer<String, String> reader = new KafkaConsumer<>(r);
            reader.assign(List.of(
                    new org.apache.kafka.common.TopicPartition("orders", 0),
                    new org.apache.kafka.common.TopicPartition("orders", 1),
                    new org.apache.kafka.common.TopicPartition("audit", 0)));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                reader.poll(Duration.ofMillis(100));
                return JsonParser.parseString(http.send(
                                                HttpRequest.newBuilder(URI.create(console + "/api/fetch-sessions"))
                                                        .build(),
                                                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
                                        .body())
                                .getAsJsonArray()
                                .size()
                        > 0;
            });
            ChromeDriver browser = HeadlessChromium.start();
            try {
                shot(browser, console + "/", dir.resolve("overview.png"));
                shot(browser, console + "/topics", dir.resolve("topics.png"));
                shot(browser, console + "/topics/orders", dir.resolve("topic.png"));
                shot(browser, console + "/topics/orders/records?format=json&limit=8", dir.resolve("records.png"));
                shot(browser, console + "/group?id=billing", dir.resolve("group.png"));
                shot(browser, console + "/transactions", dir.resolve("transactions.png"));
                shot(browser, console + "/connections", dir.resolve("connections.png"));
                shot(browser, console + "/internals", dir.resolve("internals.png"));
            } finally {
                browser.quit();
                reader.close();
                open.close(Duration.ZERO);
            }
        }
        securedPages(dir);
    }

    /** The login form and the security page of a broker with an authorizer, as its administrator sees them. */
    private static void securedPages(Path dir) throws Exception {
        try (SkiffServer broker = SkiffServer.builder()
                .console("http://127.0.0.1:0")
                .config("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .config("super.users", "User:ANONYMOUS;User:admin")
                .start()) {
            String console = broker.extensionUrl("console").orElseThrow();
            Properties common = new Properties();
            common.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            try (Admin admin = Admin.create(common)) {
                admin.alterUserScramCredentials(List.of(
                                new UserScramCredentialUpsertion(
                                        "admin",
                                        new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192),
                                        "admin-pw"),
                                new UserScramCredentialUpsertion(
                                        "alice",
                                        new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 8192),
                                        "alice-pw")))
                        .all()
                        .get();
                admin.createAcls(List.of(
                                acl(ResourceType.TOPIC, "orders", "User:alice", AclOperation.READ),
                                acl(ResourceType.GROUP, "billing", "User:alice", AclOperation.READ),
                                acl(ResourceType.TOPIC, "orders", "User:bob", AclOperation.WRITE)))
                        .all()
                        .get();
                admin.alterClientQuotas(List.of(new ClientQuotaAlteration(
                                new ClientQuotaEntity(Map.of(ClientQuotaEntity.USER, "alice")),
                                List.of(new ClientQuotaAlteration.Op("producer_byte_rate", 1048576.0)))))
                        .all()
                        .get();
            }
            ChromeDriver browser = HeadlessChromium.start();
            try {
                shot(browser, console + "/security", dir.resolve("login.png"));
                ConsoleLogin.browser(browser, console, "admin", "admin-pw");
                shot(browser, console + "/security", dir.resolve("security.png"));
            } finally {
                browser.quit();
            }
        }
    }

    private static AclBinding acl(ResourceType type, String name, String principal, AclOperation operation) {
        return new AclBinding(
                new ResourcePattern(type, name, PatternType.LITERAL),
                new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW));
    }

    private static void shot(ChromeDriver browser, String url, Path file) throws Exception {
        browser.get(url);
        Files.write(file, browser.getScreenshotAs(OutputType.BYTES));
    }
}
