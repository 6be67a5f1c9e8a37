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
package io.skiff.compat.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.DataCompatSupport;
import io.skiff.compat.clients.ExternalProcess;
import io.skiff.testkit.Skiff;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTTP control listener ({@code skiff.control.listener}): every path, the 400s of bad input (nothing
 * half-applied), and kcat (librdkafka) meeting NOT_LEADER_OR_FOLLOWER three times through a rule posted over HTTP.
 */
@Skiff(properties = "skiff.control.listener=http://127.0.0.1:0")
class ControlHttpCompatTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static SkiffServer skiff;
    private static String base;

    @BeforeAll
    static void start() {
        base = skiff.controlUrl().orElseThrow();
    }

    @AfterEach
    void reset() throws Exception {
        assertEquals(204, call("POST", "/v1/reset", "").statusCode());
    }

    @Test
    void listensOnLoopbackOnlyAndIsOffUnlessConfigured() {
        assertTrue(base.startsWith("http://127.0.0.1:"), base);
        try (SkiffServer plain = SkiffServer.builder().start()) {
            assertTrue(plain.controlUrl().isEmpty());
        }
    }

    @Test
    void faultRulesAreAddedListedAppliedAndRemoved() throws Exception {
        skiff.createTopic("orders", 1);
        String id = addFault(
                "{\"api\":\"Produce\",\"topic\":\"orders\",\"partition\":0,\"error\":\"NOT_LEADER_OR_FOLLOWER\",\"count\":3}");
        String latencyId = addFault("{\"api\":3,\"action\":\"latency\",\"latencyMs\":1}");

        produceIdempotently("orders", 10);
        HttpResponse<String> listed = call("GET", "/v1/faults", null);
        assertEquals(200, listed.statusCode());
        assertTrue(
                listed.body()
                        .contains("{\"id\":\"" + id + "\",\"applied\":3,\"active\":false,\"api\":\"Produce\","
                                + "\"topic\":\"orders\",\"partition\":0,\"action\":\"error\",\"error\":\"NOT_LEADER_OR_FOLLOWER\","
                                + "\"count\":3}"),
                listed.body());
        assertTrue(listed.body().contains("\"id\":\"" + latencyId + "\""), listed.body());
        assertEquals(200, call("GET", "/v1/faults/" + id, null).statusCode());

        assertEquals(204, call("DELETE", "/v1/faults/" + id, null).statusCode());
        assertEquals(404, call("DELETE", "/v1/faults/" + id, null).statusCode());
        assertEquals(204, call("DELETE", "/v1/faults", null).statusCode());
        assertEquals("[]", call("GET", "/v1/faults", null).body());
    }

    @Test
    void aHeldRequestGoesOnWhenReleasedOverHttp() throws Exception {
        skiff.createTopic("held", 1);
        String id = id(call("POST", "/v1/faults", "{\"api\":\"Produce\",\"topic\":\"held\",\"action\":\"hold\"}")
                .body());
        try (KafkaProducer<String, String> producer = producer()) {
            var sent = producer.send(new ProducerRecord<>("held", "k", "v"));
            await().atMost(Duration.ofSeconds(20)).until(() -> skiff.faults().applied(id) >= 1);
            assertTrue(!sent.isDone(), "the produce request is held");
            assertEquals(200, call("POST", "/v1/faults/" + id + "/release", "").statusCode());
            assertEquals(0L, sent.get().offset());
        }
    }

    @Test
    void badInputIs400NamingWhatIsWrongAndAddsNothing() throws Exception {
        skiff.createTopic("orders", 1);
        assertBad("{\"api\":\"Produce\",", "bad JSON");
        assertBad("[1]", "must be a JSON object");
        assertBad(
                "{\"api\":\"Produce\",\"error\":\"NOT_LEADER_OR_FOLLOWER\",\"colour\":\"red\"}",
                "unknown field 'colour'");
        assertBad("{\"api\":\"Produse\",\"error\":\"NOT_LEADER_OR_FOLLOWER\"}", "unknown API 'Produse'");
        assertBad("{\"api\":999,\"error\":\"NOT_LEADER_OR_FOLLOWER\"}", "unknown API key 999");
        assertBad("{\"api\":\"Produce\",\"error\":\"NOT_A_LEADER\"}", "unknown error 'NOT_A_LEADER'");
        assertBad(
                "{\"api\":\"Produce\",\"topic\":\"nope\",\"error\":\"NOT_LEADER_OR_FOLLOWER\"}",
                "unknown topic 'nope'");
        assertBad("{\"api\":\"Produce\",\"action\":\"explode\"}", "unknown action 'explode'");
        assertBad("{\"api\":\"Produce\",\"error\":\"NOT_LEADER_OR_FOLLOWER\",\"count\":0}", "'count'");
        assertBad("{\"api\":\"Produce\",\"error\":\"NOT_LEADER_OR_FOLLOWER\",\"partition\":\"zero\"}", "'partition'");
        assertBad("{\"api\":\"Produce\",\"action\":\"latency\"}", "latencyMs");
        assertBad("{\"api\":\"Produce\",\"error\":\"NOT_LEADER_OR_FOLLOWER\",\"probability\":2}", "probability");
        assertEquals("[]", call("GET", "/v1/faults", null).body(), "nothing was added");

        HttpResponse<String> storage = call("POST", "/v1/storage/faults", "{\"topic\":\"nope\"}");
        assertEquals(400, storage.statusCode());
        assertTrue(storage.body().contains("unknown topic 'nope'"), storage.body());
        HttpResponse<String> storagePartition = call("POST", "/v1/storage/faults", "{\"partition\":0}");
        assertEquals(400, storagePartition.statusCode());
        assertTrue(storagePartition.body().contains("partition"), storagePartition.body());
        assertEquals("[]", call("GET", "/v1/storage/faults", null).body());

        HttpResponse<String> advance = call("POST", "/v1/clock/advance", "{\"ms\":-5}");
        assertEquals(400, advance.statusCode());
        assertTrue(advance.body().contains("'ms'"), advance.body());
        assertEquals(400, call("POST", "/v1/clock/advance", "{}").statusCode());
        assertEquals(404, call("GET", "/v1/nothing", null).statusCode());
        assertEquals(405, call("PUT", "/v1/faults", "{}").statusCode());
    }

    @Test
    void storageFaultsAndClockOverHttp() throws Exception {
        skiff.createTopic("disk", 1);
        HttpResponse<String> set =
                call("POST", "/v1/storage/faults", "{\"topic\":\"disk\",\"partition\":0,\"fail\":\"writes\"}");
        assertEquals(201, set.statusCode(), set.body());
        assertEquals(
                "[{\"topic\":\"disk\",\"partition\":0,\"fail\":\"writes\"}]",
                call("GET", "/v1/storage/faults", null).body());
        assertEquals(1, skiff.storageFaults().faults().size());
        assertEquals(204, call("DELETE", "/v1/storage/faults", null).statusCode());
        assertTrue(skiff.storageFaults().faults().isEmpty());

        long before = nowMs();
        assertEquals(200, call("POST", "/v1/clock/pause", "").statusCode());
        long paused = nowMs();
        assertTrue(paused >= before);
        HttpResponse<String> advanced = call("POST", "/v1/clock/advance", "{\"ms\":86400000}");
        assertEquals(200, advanced.statusCode(), advanced.body());
        assertEquals(paused + 86_400_000L, nowMs(), "paused: only the advance moved it");
        assertTrue(call("GET", "/v1/clock", null).body().contains("\"paused\":true"));
        assertEquals(200, call("POST", "/v1/clock/resume", "").statusCode());
        assertTrue(nowMs() >= paused + 86_400_000L);
    }

    @Test
    void kcatIdempotentProducerMeetsNotLeaderThreeTimesAndDeliversEveryRecordOnceInOrder() throws Exception {
        String kcat = ExternalProcess.require("kcat", "install it with apt-get install kcat (.ci/run does)");
        skiff.createTopic("kcat-orders", 1);
        String id = addFault(
                "{\"api\":\"Produce\",\"topic\":\"kcat-orders\",\"partition\":0,\"error\":\"NOT_LEADER_OR_FOLLOWER\",\"count\":3}");
        String input = IntStream.range(0, 50).mapToObj(i -> "line-" + i).collect(Collectors.joining("\n")) + "\n";
        ExternalProcess.of(List.of(
                        kcat,
                        "-b",
                        skiff.bootstrapServers(),
                        "-P",
                        "-t",
                        "kcat-orders",
                        "-p",
                        "0",
                        "-X",
                        "enable.idempotence=true",
                        "-X",
                        "retry.backoff.ms=20"))
                .run(input)
                .assertSuccess();
        assertEquals(3, skiff.faults().applied(id));
        List<String> values = new ArrayList<>();
        TopicPartition tp = new TopicPartition("kcat-orders", 0);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(r -> values.add(r.value()));
                return values.size() >= 50;
            });
            assertEquals(50L, consumer.endOffsets(List.of(tp)).get(tp), "each record once");
        }
        assertEquals(IntStream.range(0, 50).mapToObj(i -> "line-" + i).toList(), values);
    }

    private static void assertBad(String body, String expected) throws Exception {
        HttpResponse<String> response = call("POST", "/v1/faults", body);
        assertEquals(400, response.statusCode(), body + " -> " + response.body());
        assertTrue(response.body().startsWith("{\"error\":"), response.body());
        assertTrue(response.body().contains(expected), body + " -> " + response.body());
    }

    private static long nowMs() throws Exception {
        HttpResponse<String> clock = call("GET", "/v1/clock", null);
        Matcher m = Pattern.compile("\"nowMs\":(\\d+)").matcher(clock.body());
        assertTrue(m.find(), clock.body());
        return Long.parseLong(m.group(1));
    }

    /** Adds the fault rule {@code json} through the control API (201 Created); returns its id. */
    private static String addFault(String json) throws IOException, InterruptedException {
        HttpResponse<String> created = call("POST", "/v1/faults", json);
        assertEquals(201, created.statusCode(), created.body());
        return id(created.body());
    }

    private static String id(String body) {
        Matcher m = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(body);
        assertTrue(m.find(), body);
        return m.group(1);
    }

    private static HttpResponse<String> call(String method, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        request.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static KafkaProducer<String, String> producer() {
        return DataCompatSupport.producer(skiff.bootstrapServers(), Map.of(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, 20));
    }

    private static void produceIdempotently(String topic, int count) throws Exception {
        try (KafkaProducer<String, String> producer = producer()) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, 0, null, "r" + i));
            }
            producer.flush();
        }
    }
}
