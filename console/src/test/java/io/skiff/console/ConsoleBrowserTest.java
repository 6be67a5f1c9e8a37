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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The console in a real headless browser against one broker with data the Java client wrote: what a person sees on the
 * topic list, the records page (decoded values, the tail following new records, aborted transactions, hostile bytes
 * shown as text) and a group's lag following a consumer, live, without a reload. One broker and one browser for all.
 */
@Skiff(console = true)
@ExtendWith(ConsoleBrowser.class)
class ConsoleBrowserTest {
    private static final Duration LIVE = Duration.ofSeconds(20);

    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;
    /** Filled in by {@link ConsoleBrowser}. */
    private static ChromeDriver browser;

    @Test
    void topicListShowsTheTopicsTheClientCreatedAndFiltersThem() throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic("orders", 3, (short) 1), new NewTopic("payments", 1, (short) 1)))
                    .all()
                    .get();
        }
        browser.get(console() + "/topics");
        WebElement orders = browser.findElement(By.cssSelector("#topic-table tr[data-topic='orders']"));
        assertEquals("orders", orders.findElement(By.cssSelector("td a")).getText());
        assertEquals("3", orders.findElements(By.cssSelector("td")).get(1).getText());
        assertEquals(
                1,
                browser.findElements(By.cssSelector("#topic-table tr[data-topic='payments']"))
                        .size());

        browser.findElement(By.id("filter")).sendKeys("pay\n");
        live().until(() -> browser.getCurrentUrl().contains("filter=pay"));
        assertEquals(
                0,
                browser.findElements(By.cssSelector("#topic-table tr[data-topic='orders']"))
                        .size());
        assertEquals(
                1,
                browser.findElements(By.cssSelector("#topic-table tr[data-topic='payments']"))
                        .size());
    }

    @Test
    void recordsPageShowsAValueDecodedAsJson() throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
            producer.send(record("decoded", "user-7", "{\"id\":7,\"name\":\"Ada\"}"))
                    .get();
        }
        browser.get(console() + "/topics/decoded/records?format=json");
        WebElement row = browser.findElement(By.cssSelector("#record-table tr[data-offset='0']"));
        assertEquals("user-7", row.findElement(By.cssSelector("pre.key")).getText());
        assertEquals(
                "{\n  \"id\": 7,\n  \"name\": \"Ada\"\n}",
                row.findElement(By.cssSelector("pre.value")).getText());

        browser.get(console() + "/topics/decoded/records?format=hex");
        assertEquals(
                "75 73 65 72 2d 37",
                browser.findElement(By.cssSelector("#record-table tr[data-offset='0'] pre.key"))
                        .getText());
    }

    @Test
    void theTailShowsRecordsProducedWhileItIsOpenWithoutAReload() throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
            producer.send(record("tailed", "k", "first")).get();
            browser.get(console() + "/topics/tailed/records?from=end");
            markPage();
            assertEquals(
                    1,
                    browser.findElements(By.cssSelector("#record-table tr[data-offset]"))
                            .size());

            producer.send(record("tailed", "k", "second, sent while the page is open"))
                    .get();
        }
        live().until(() -> browser.findElements(By.cssSelector("#record-table tr[data-offset='1'] pre.value")).stream()
                .anyMatch(e -> e.getText().equals("second, sent while the page is open")));
        assertTrue(pageIsTheSame(), "the page was reloaded instead of updated");

        // and one typed into the console's own produce form
        browser.findElement(By.id("produce-key")).sendKeys("typed");
        browser.findElement(By.id("produce-value")).sendKeys("from the console");
        browser.findElement(By.id("produce-button")).click();
        live().until(() -> browser.findElements(By.cssSelector("#record-table tr[data-offset='2'] pre.value")).stream()
                .anyMatch(e -> e.getText().equals("from the console")));
        assertTrue(browser.findElement(By.id("flash")).getText().contains("at offset 2"));
    }

    @Test
    void recordsOfAnAbortedTransactionAreMarkedAborted() throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic("txns", 1, (short) 1)))
                    .all()
                    .get();
        }
        try (KafkaProducer<byte[], byte[]> producer =
                producer(Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "console-test-txn"))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(record("txns", "a", "aborted one"));
            producer.send(record("txns", "a", "aborted two"));
            producer.flush(); // written before the abort (an abort drops what is still unsent)
            producer.abortTransaction();
            producer.beginTransaction();
            producer.send(record("txns", "c", "committed"));
            producer.commitTransaction();
        }
        browser.get(console() + "/topics/txns/records");
        // offsets: 0, 1 aborted records, 2 the abort marker (not shown), 3 the committed record, 4 its marker
        assertEquals("aborted", transactionCell(0));
        assertEquals("aborted", transactionCell(1));
        assertEquals("committed", transactionCell(3));
        assertEquals(
                3,
                browser.findElements(By.cssSelector("#record-table tr[data-offset]"))
                        .size());
        assertTrue(browser.findElement(By.cssSelector("#record-table tr[data-offset='0']"))
                .getAttribute("class")
                .contains("txn-aborted"));
    }

    @Test
    void aShareGroupIsListedWithItsMemberAndItsShareLagFallsToZeroWithoutAReload() throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic("shared", 1, (short) 1)))
                    .all()
                    .get();
            // a share group starts at the latest offset unless told otherwise
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, "console-share"),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
        try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
            for (int i = 0; i < 5; i++) {
                producer.send(record("shared", "k" + i, "v" + i));
            }
            producer.flush();
        }
        try (KafkaShareConsumer<byte[], byte[]> consumer = new KafkaShareConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "console-share",
                ConsumerConfig.CLIENT_ID_CONFIG,
                "console-share-member",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
            consumer.subscribe(List.of("shared"));
            int read = 0;
            while (read < 5) {
                read += consumer.poll(Duration.ofMillis(200)).count();
            }
            browser.get(console() + "/group?id=console-share");
            markPage();
            // delivered, not yet acknowledged: each record is locked by the consumer, delivered once
            WebElement first = browser.findElement(By.cssSelector("#inflight-table tr[data-offset='shared-0@0']"));
            assertEquals(
                    "ACQUIRED", first.findElement(By.cssSelector("td.state")).getText());
            assertEquals("1", first.findElement(By.cssSelector("td.deliveries")).getText());
            assertEquals(
                    5,
                    browser.findElements(By.cssSelector("#inflight-table tr[data-offset]"))
                            .size());
            consumer.commitSync(); // acknowledges the delivered records
            live().until(() -> browser.findElement(By.id("group-lag")).getText().equals("0")
                    && browser.findElement(By.cssSelector("#offset-table tr[data-partition='shared-0'] td.lag"))
                            .getText()
                            .equals("0")
                    && !browser.findElement(By.id("inflight-table")).getText().contains("ACQUIRED"));
            assertTrue(pageIsTheSame(), "the page was reloaded instead of updated");
            assertTrue(
                    browser.findElement(By.id("member-table")).getText().contains("console-share-member"),
                    browser.findElement(By.id("member-table")).getText());
            // the reset form moves the share-partitions' start offsets, as kafka-share-groups does
            assertTrue(browser.findElement(By.id("reset-note")).getText().contains("kafka-share-groups"));

            browser.get(console() + "/groups");
            List<WebElement> cells =
                    browser.findElements(By.cssSelector("#group-table tr[data-group='console-share'] td"));
            assertEquals("share", cells.get(1).getText());
            assertEquals("Stable", cells.get(2).getText());
            assertEquals("1", cells.get(3).getText());
        }
    }

    @Test
    void aHangingTransactionIsAbortedFromTheTransactionsPage() throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic("hanging", 1, (short) 1)))
                    .all()
                    .get();
        }
        try (KafkaProducer<byte[], byte[]> producer =
                producer(Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "console-hanging-txn"))) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(record("hanging", "h", "left open")).get();

            browser.get(console() + "/transactions");
            By abort = By.cssSelector("#producer-table tr[data-producer^='hanging-0-'] button.abort");
            assertEquals(1, browser.findElements(abort).size(), "the open transaction can be aborted");
            browser.findElement(abort).click();
            live().until(() -> browser.findElement(By.id("flash")).getText().contains("aborted"));
            assertEquals(0, browser.findElements(abort).size(), "no open transaction is left on hanging-0");

            browser.get(console() + "/topics/hanging/records");
            assertEquals("aborted", transactionCell(0));
        }
    }

    @Test
    void aScriptInAValueAndAKeyThatIsNotUtf8AreShownAsTextAndNothingRuns() throws Exception {
        byte[] notUtf8 = {(byte) 0xff, (byte) 0xfe, 'k', 0x01};
        try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
            producer.send(new ProducerRecord<>(
                            "hostile", notUtf8, "<script>alert(1)</script>".getBytes(StandardCharsets.UTF_8)))
                    .get();
            producer.send(new ProducerRecord<>(
                            "hostile",
                            "<img src=x onerror=alert(2)>".getBytes(StandardCharsets.UTF_8),
                            "\"><svg onload=alert(3)>".getBytes(StandardCharsets.UTF_8)))
                    .get();
        }
        for (String format : List.of("text", "json", "hex")) {
            browser.get(console() + "/topics/hostile/records?format=" + format);
            assertThrows(NoAlertPresentException.class, () -> browser.switchTo().alert(), format);
            assertEquals(
                    0L,
                    ((JavascriptExecutor) browser)
                            .executeScript(
                                    "return document.querySelectorAll('main script, main img, main svg').length;"),
                    format);
        }
        browser.get(console() + "/topics/hostile/records");
        WebElement first = browser.findElement(By.cssSelector("#record-table tr[data-offset='0']"));
        assertEquals(
                "<script>alert(1)</script>",
                first.findElement(By.cssSelector("pre.value")).getText());
        assertEquals(
                "\\xFF\\xFEk\\u0001",
                first.findElement(By.cssSelector("pre.key")).getText());
        WebElement second = browser.findElement(By.cssSelector("#record-table tr[data-offset='1']"));
        assertEquals(
                "<img src=x onerror=alert(2)>",
                second.findElement(By.cssSelector("pre.key")).getText());
        assertEquals(
                "\"><svg onload=alert(3)>",
                second.findElement(By.cssSelector("pre.value")).getText());

        // the live refresh re-renders the same rows: still text, still nothing run
        markPage();
        String refreshed = refreshedAt();
        live().until(() -> !refreshedAt().equals(refreshed));
        assertThrows(NoAlertPresentException.class, () -> browser.switchTo().alert());
        assertEquals(
                "<script>alert(1)</script>",
                browser.findElement(By.cssSelector("#record-table tr[data-offset='0'] pre.value"))
                        .getText());
    }

    @Test
    void aGroupsLagFallsToZeroAsItsConsumerCatchesUpWithoutAReload() throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
            for (int i = 0; i < 20; i++) {
                producer.send(record("lagging", "k" + i, "v" + i));
            }
            producer.flush();
        }
        try (Admin admin = admin()) {
            admin.alterConsumerGroupOffsets(
                            "lagging-group", Map.of(new TopicPartition("lagging", 0), new OffsetAndMetadata(5)))
                    .all()
                    .get();
        }
        browser.get(console() + "/group?id=lagging-group");
        assertEquals("15", browser.findElement(By.id("group-lag")).getText());
        assertEquals(
                "15",
                browser.findElement(By.cssSelector("#offset-table tr[data-partition='lagging-0'] td.lag"))
                        .getText());
        markPage();

        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "lagging-group",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
            consumer.subscribe(List.of("lagging"));
            int read = 0;
            while (read < 15) {
                read += consumer.poll(Duration.ofMillis(200)).count();
            }
            consumer.commitSync();
            // The page's polling replaces the table while it is read: a stale element is read again.
            live().until(() -> browser.findElement(By.id("group-lag")).getText().equals("0")
                    && browser.findElement(By.cssSelector("#offset-table tr[data-partition='lagging-0'] td.lag"))
                            .getText()
                            .equals("0"));
        }
        assertTrue(pageIsTheSame(), "the page was reloaded instead of updated");

        browser.get(console() + "/groups");
        WebElement row = browser.findElement(By.cssSelector("#group-table tr[data-group='lagging-group']"));
        assertEquals("0", row.findElement(By.cssSelector("td.lag")).getText());
    }

    @Test
    void aConnectedClientAppearsWithItsSoftwareAndRequestsAndLeavesWhenItClosesWithoutAReload() throws Exception {
        browser.get(console() + "/connections");
        markPage();
        By probeRows = By.cssSelector("#connection-table tr[data-client='browser-probe']");
        assertEquals(0, browser.findElements(probeRows).size());
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "browser-probe");
        try (Admin admin = Admin.create(p)) {
            admin.listTopics().names().get();
            // Cells: client id, software, listener, principal, address, connected for, idle, requests, per API
            live().until(() -> browser.findElements(probeRows).stream()
                    .map(row -> row.findElements(By.tagName("td")))
                    .anyMatch(cells -> cells.get(1).getText().equals("apache-kafka-java " + AppInfoParser.getVersion())
                            && cells.get(2).getText().equals("PLAINTEXT")
                            && cells.get(3).getText().equals("User:ANONYMOUS")
                            && cells.get(4).getText().startsWith("127.0.0.1:")
                            && cells.get(8).getText().contains("Metadata")));
        }
        live().until(() -> browser.findElements(probeRows).isEmpty());
        assertTrue(pageIsTheSame(), "the page was reloaded instead of updated");
        assertTrue(
                browser.findElements(By.cssSelector("#api-table td")).stream()
                        .anyMatch(td -> td.getText().equals("ApiVersions")),
                "requests per API list ApiVersions");
    }

    private static String console() {
        return Consoles.url(broker);
    }

    /** Awaits a live update; the page's polling may replace an element while it is read, which is read again. */
    private static ConditionFactory live() {
        return await().atMost(LIVE).ignoreException(StaleElementReferenceException.class);
    }

    private static void markPage() {
        ConsoleBrowser.markPage(browser);
    }

    private static boolean pageIsTheSame() {
        return ConsoleBrowser.pageIsTheSame(browser);
    }

    private static String refreshedAt() {
        return String.valueOf(((JavascriptExecutor) browser)
                .executeScript("return document.documentElement.getAttribute('data-refreshed');"));
    }

    private static String transactionCell(long offset) {
        return browser.findElement(By.cssSelector("#record-table tr[data-offset='" + offset + "'] td.txn"))
                .getText();
    }

    private static ProducerRecord<byte[], byte[]> record(String topic, String key, String value) {
        return new ProducerRecord<>(
                topic, key.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8));
    }

    private static Admin admin() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        return Admin.create(p);
    }

    private static KafkaProducer<byte[], byte[]> producer(Map<String, Object> extra) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        p.putAll(extra);
        return new KafkaProducer<>(p);
    }
}
