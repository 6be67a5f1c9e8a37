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
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import io.skiff.broker.control.FaultRule;
import io.skiff.broker.control.FaultSpec;
import io.skiff.protocol.Errors;
import io.skiff.testkit.Skiff;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * What no Kafka request shows, through the console's API and page: a consumer's incremental fetch session (its
 * partitions and epoch) and the test control's fault rules with how often they applied.
 */
@Skiff(console = true)
class ConsoleInternalsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;

    @Test
    void aConsumersFetchSessionIsListedWithItsPartitionsAndGrowingEpoch() throws Exception {
        broker.createTopic("sessions-topic", 2);
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 50);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.assign(List.of(new TopicPartition("sessions-topic", 0), new TopicPartition("sessions-topic", 1)));
            int[] firstEpoch = {-1};
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(50));
                JsonObject session = session("sessions-topic-0");
                if (session == null) {
                    return false;
                }
                int epoch = session.get("epoch").getAsInt();
                if (firstEpoch[0] < 0) {
                    firstEpoch[0] = epoch;
                }
                // the consumer's incremental fetches move the epoch on: the console reads the live session
                return epoch > firstEpoch[0];
            });
            JsonObject session = session("sessions-topic-0");
            assertEquals(
                    List.of("sessions-topic-0", "sessions-topic-1"),
                    session.getAsJsonArray("partitions").asList().stream()
                            .map(JsonElement::getAsString)
                            .sorted()
                            .toList());
            assertFalse(session.get("privileged").getAsBoolean(), "a consumer, not a follower");
            assertTrue(session.get("usesTopicIds").getAsBoolean(), "the Java client fetches by topic id");

            String page = get("/internals").body();
            assertTrue(page.contains("data-session=\"" + session.get("id").getAsInt() + "\""), page);
            assertTrue(page.contains("sessions-topic-0, sessions-topic-1")
                    || page.contains("sessions-topic-1, sessions-topic-0"));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> session("sessions-topic-0") == null);
    }

    @Test
    void faultRulesAreListedWithWhatTheyMatchAndHowOftenTheyAppliedEscaped() throws Exception {
        broker.createTopic("faulty", 1);
        FaultRule rule = broker.faults()
                .add(FaultSpec.builder()
                        .api("Produce")
                        .topic("faulty")
                        .clientId("<b>rogue</b>")
                        .error(Errors.NOT_LEADER_OR_FOLLOWER)
                        .count(1));
        try {
            JsonObject listed = rule(rule.id());
            assertEquals(
                    "api=Produce topic=faulty clientId=<b>rogue</b>",
                    listed.get("matches").getAsString());
            assertEquals("error NOT_LEADER_OR_FOLLOWER", listed.get("action").getAsString());
            assertEquals(0, listed.get("applied").getAsInt());
            assertEquals(1, listed.get("count").getAsInt());
            assertTrue(listed.get("active").getAsBoolean());

            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            p.put(ProducerConfig.CLIENT_ID_CONFIG, "<b>rogue</b>");
            p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
                // the retriable error is answered once, then the retry succeeds
                producer.send(new ProducerRecord<>("faulty", "k", "v")).get();
            }
            JsonObject spent = rule(rule.id());
            assertEquals(1, spent.get("applied").getAsInt());
            assertFalse(spent.get("active").getAsBoolean());

            String page = get("/internals").body();
            assertTrue(
                    page.contains("api=Produce topic=faulty clientId=&lt;b&gt;rogue&lt;/b&gt;"),
                    "the client id is text, not markup: " + page);
            assertFalse(page.contains("<b>rogue"), page);
            assertTrue(page.contains("<td class=\"num\">1 of 1</td><td>spent</td>"), page);
        } finally {
            broker.faults().remove(rule.id());
        }
        assertEquals("[]", get("/api/fault-rules").body());
    }

    /** The session whose partitions include {@code partition}, or null. */
    private static JsonObject session(String partition) throws Exception {
        HttpResponse<String> answer = get("/api/fetch-sessions");
        assertEquals(200, answer.statusCode(), answer.body());
        for (JsonElement e : JsonParser.parseString(answer.body()).getAsJsonArray()) {
            JsonObject s = e.getAsJsonObject();
            for (JsonElement p : s.getAsJsonArray("partitions")) {
                if (p.getAsString().equals(partition)) {
                    return s;
                }
            }
        }
        return null;
    }

    private static JsonObject rule(String id) throws Exception {
        HttpResponse<String> answer = get("/api/fault-rules");
        assertEquals(200, answer.statusCode(), answer.body());
        JsonArray rules = JsonParser.parseString(answer.body()).getAsJsonArray();
        for (JsonElement e : rules) {
            if (e.getAsJsonObject().get("id").getAsString().equals(id)) {
                return e.getAsJsonObject();
            }
        }
        throw new AssertionError("no rule " + id + " in " + rules);
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(Consoles.url(broker) + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
