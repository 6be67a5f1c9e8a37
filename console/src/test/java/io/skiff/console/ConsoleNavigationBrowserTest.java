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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * The console in a real headless browser, used by keyboard alone (Tab to a link, a field or a button, Enter
 * activates it, the focused element is outlined), the overview's rate charts drawn from what clients produce and
 * consume (live, without a reload), and a topic's configs with its overrides told apart from the defaults.
 */
@Skiff(console = true)
@ExtendWith(ConsoleBrowser.class)
class ConsoleNavigationBrowserTest {
    private static final Duration LIVE = Duration.ofSeconds(30);
    /** Tabs allowed to reach an element: the header's links and the page's controls come first. */
    private static final int MAX_TABS = 40;

    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;
    /** Filled in by {@link ConsoleBrowser}. */
    private static ChromeDriver browser;

    @Test
    void theMainPagesAreReachedAndUsedByKeyboardWithAVisibleFocus() throws Exception {
        broker.createTopic("kb-topic", 1);
        browser.get(console() + "/");

        // The first Tab reaches the skip link, which shows itself when focused; Enter moves focus to the content
        tab();
        WebElement skip = focused();
        assertEquals("Skip to content", skip.getText());
        assertTrue(skip.getRect().getX() >= 0, "the focused skip link is on screen");
        assertFocusVisible();
        enter();
        await().atMost(LIVE).until(() -> "main".equals(focused().getAttribute("id")));

        // Header links: Tab to "Topics", Enter opens it
        tabUntil(e -> e.getText().equals("Topics"));
        assertFocusVisible();
        enter();
        await().atMost(LIVE).until(() -> browser.getCurrentUrl().endsWith("/topics"));

        // A form field and its submit by Enter: the filter
        tabUntil(e -> "filter".equals(e.getAttribute("id")));
        assertFocusVisible();
        focused().sendKeys("kb-");
        enter();
        await().atMost(LIVE).until(() -> browser.getCurrentUrl().contains("filter=kb-"));

        // A link in a table: the topic's page
        tabUntil(e -> e.getText().equals("kb-topic"));
        assertFocusVisible();
        enter();
        await().atMost(LIVE).until(() -> browser.getCurrentUrl().endsWith("/topics/kb-topic"));

        // A button: set a config through the form, by keyboard alone
        tabUntil(e -> "key".equals(e.getAttribute("name")));
        focused().sendKeys("retention.ms");
        tab();
        assertEquals("value", focused().getAttribute("name"));
        focused().sendKeys("7200000");
        tab();
        assertEquals("Set", focused().getText());
        assertEquals("button", focused().getTagName());
        assertFocusVisible();
        enter();
        await().atMost(LIVE)
                .ignoreExceptions()
                .until(() -> browser.findElement(By.cssSelector("#config-table tr[data-config='retention.ms']"))
                        .getText()
                        .contains("7200000"));

        // Every page of the header is reached by Tab and opened by Enter
        for (String[] page : List.of(
                new String[] {"Groups", "/groups"},
                new String[] {"Transactions", "/transactions"},
                new String[] {"Connections", "/connections"},
                new String[] {"Internals", "/internals"},
                new String[] {"Security", "/security"},
                new String[] {"Overview", "/"})) {
            tabUntil(e -> e.getText().equals(page[0]) && "a".equals(e.getTagName()));
            assertFocusVisible();
            enter();
            await().atMost(LIVE).until(() -> browser.getCurrentUrl().equals(console() + page[1]));
            assertEquals(
                    "page",
                    browser.findElement(By.cssSelector("header a[aria-current]"))
                            .getAttribute("aria-current"));
        }
        // The overview's cards are links too
        tabUntil(e -> e.getText().contains("Topics")
                && e.getAttribute("href").endsWith("/topics")
                && e.findElements(By.id("total-topics")).size() == 1);
        assertFocusVisible();
        enter();
        await().atMost(LIVE).until(() -> browser.getCurrentUrl().endsWith("/topics"));
    }

    @Test
    void theOverviewDrawsTheProducedAndConsumedRatesLiveWithoutAReload() throws Exception {
        broker.createTopic("charted", 1);
        browser.get(console() + "/");
        ConsoleBrowser.markPage(browser);
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "chart-group");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p);
                KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of("charted"));
            // Records flow while the page is open; the sampler (every 5 s) turns offsets into rates
            await().atMost(Duration.ofSeconds(45))
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreException(StaleElementReferenceException.class)
                    .until(() -> {
                        for (int i = 0; i < 20; i++) {
                            producer.send(new ProducerRecord<>("charted", "k", "v" + i));
                        }
                        producer.flush();
                        if (!consumer.poll(Duration.ofMillis(100)).isEmpty()) {
                            consumer.commitSync();
                        }
                        return drawsARate("produce-chart") && drawsARate("consume-chart");
                    });
        }
        assertTrue(ConsoleBrowser.pageIsTheSame(browser), "the charts were updated in place, not by a reload");
        String caption =
                browser.findElement(By.cssSelector("#produce-chart figcaption")).getText();
        assertTrue(caption.startsWith("Produced (log end offsets): "), caption);
        assertFalse(caption.contains("peak 1.0/s"), "the peak is the rate produced, not the floor: " + caption);
        assertEquals(
                "Produced (log end offsets)",
                browser.findElement(By.cssSelector("#produce-chart svg")).getAttribute("aria-label"));
    }

    @Test
    void aTopicsOverriddenConfigsAreToldApartFromItsDefaults() throws Exception {
        try (Admin admin = Admin.create(
                Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("configured", 1, (short) 1)
                            .configs(Map.of("retention.ms", "3600000", "cleanup.policy", "compact"))))
                    .all()
                    .get();
        }
        browser.get(console() + "/topics/configured");
        WebElement retention = configRow("retention.ms");
        assertEquals(List.of("retention.ms", "3600000", "override"), cells(retention));
        assertEquals("override", retention.getAttribute("class"));
        assertEquals(List.of("cleanup.policy", "compact", "override"), cells(configRow("cleanup.policy")));

        WebElement segment = configRow("segment.bytes");
        assertEquals("", segment.getAttribute("class"));
        List<String> segmentCells = cells(segment);
        assertEquals("1073741824", segmentCells.get(1));
        assertEquals("default_config", segmentCells.get(2));
        // the highlight is drawn: an override's cells have another background than a default's
        String overrideBackground = retention.findElement(By.tagName("td")).getCssValue("background-color");
        String defaultBackground = segment.findElement(By.tagName("td")).getCssValue("background-color");
        assertFalse(overrideBackground.equals(defaultBackground), overrideBackground);
    }

    private static String console() {
        return Consoles.url(broker);
    }

    private static WebElement configRow(String key) {
        return browser.findElement(By.cssSelector("#config-table tr[data-config='" + key + "']"));
    }

    private static List<String> cells(WebElement row) {
        List<String> out = new ArrayList<>();
        row.findElements(By.tagName("td")).forEach(td -> out.add(td.getText()));
        return out;
    }

    /** Whether the chart's line has two points or more and one above the floor (a rate above 0 drawn). */
    private static boolean drawsARate(String chartId) {
        String points = browser.findElement(By.cssSelector("#" + chartId + " polyline.line"))
                .getAttribute("points")
                .trim();
        if (points.isEmpty()) {
            return false;
        }
        String[] xy = points.split("\\s+");
        if (xy.length < 2) {
            return false;
        }
        for (String point : xy) {
            if (Double.parseDouble(point.split(",")[1]) < 89.0) {
                return true;
            }
        }
        return false;
    }

    private static void tab() {
        new Actions(browser).sendKeys(Keys.TAB).perform();
    }

    private static void enter() {
        new Actions(browser).sendKeys(Keys.ENTER).perform();
    }

    private static WebElement focused() {
        return browser.switchTo().activeElement();
    }

    /** Presses Tab until the focused element is what {@code wanted} accepts. */
    private static void tabUntil(Predicate<WebElement> wanted) {
        List<String> passed = new ArrayList<>();
        for (int i = 0; i < MAX_TABS; i++) {
            tab();
            WebElement e = focused();
            if (wanted.test(e)) {
                return;
            }
            passed.add(e.getTagName() + ":" + e.getText());
        }
        throw new AssertionError("not reached by " + MAX_TABS + " Tabs; passed " + passed);
    }

    /**
     * The focused element wears the console's focus ring (3 px, amber: visible on the dark header and on white), not
     * the browser's default ring (which is hard to see on the header) or none.
     */
    private static void assertFocusVisible() {
        WebElement e = focused();
        String ring = e.getCssValue("outline-style") + " " + e.getCssValue("outline-width") + " "
                + e.getCssValue("outline-color");
        assertEquals(
                "solid 3px rgba(255, 191, 71, 1)",
                ring,
                e.getTagName() + " '" + e.getText() + "' has not the console's focus ring");
    }
}
