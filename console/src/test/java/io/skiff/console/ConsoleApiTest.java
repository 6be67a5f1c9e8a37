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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.internals.AppInfoParser;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** The JSON API for scripts, and the guard against requests other sites make through a browser. */
@Skiff(console = true)
class ConsoleApiTest {
    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void topicsAreCreatedProducedToAndReadThroughTheApi() throws Exception {
        HttpResponse<String> created = send(
                "POST",
                "/api/topics",
                "{\"name\":\"api-topic\",\"partitions\":2,\"configs\":{\"retention.ms\":\"60000\"}}");
        assertEquals(201, created.statusCode(), created.body());
        JsonObject detail = JsonParser.parseString(created.body()).getAsJsonObject();
        assertEquals(2, detail.getAsJsonArray("partitions").size());

        HttpResponse<String> produced = send(
                "POST",
                "/api/topics/api-topic/records",
                "{\"partition\":1,\"key\":\"k\",\"value\":\"<b>v</b>\",\"headers\":{\"h\":\"1\"}}");
        assertEquals(201, produced.statusCode(), produced.body());
        assertEquals("{\"partition\":1,\"offset\":0}", produced.body());

        HttpResponse<String> read = send("GET", "/api/topics/api-topic/records?partition=1", null);
        JsonArray records =
                JsonParser.parseString(read.body()).getAsJsonObject().getAsJsonArray("records");
        assertEquals(1, records.size());
        JsonObject r = records.get(0).getAsJsonObject();
        assertEquals("<b>v</b>", r.get("value").getAsString());
        assertEquals("none", r.get("transaction").getAsString());
        assertEquals(
                "1",
                r.getAsJsonArray("headers")
                        .get(0)
                        .getAsJsonObject()
                        .get("value")
                        .getAsString());

        HttpResponse<String> list = send("GET", "/api/topics?filter=api-top", null);
        JsonObject summary =
                JsonParser.parseString(list.body()).getAsJsonArray().get(0).getAsJsonObject();
        assertEquals("api-topic", summary.get("name").getAsString());
        assertEquals(1, summary.get("records").getAsLong());
        assertEquals(60000, summary.get("retentionMs").getAsLong());
    }

    @Test
    void connectedClientsAndRequestsPerApiAreListed() throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "api-probe");
        try (Admin admin = Admin.create(p)) {
            admin.listTopics().names().get();
            assertTrue(JsonParser.parseString(send("GET", "/api/overview", null).body())
                            .getAsJsonObject()
                            .get("connections")
                            .getAsInt()
                    >= 1);
            JsonObject probe = null;
            for (JsonElement e : JsonParser.parseString(
                            send("GET", "/api/connections", null).body())
                    .getAsJsonArray()) {
                JsonObject c = e.getAsJsonObject();
                if (c.get("clientId").getAsString().equals("api-probe")
                        && c.getAsJsonObject("requests").has("Metadata")) {
                    probe = c;
                }
            }
            assertNotNull(probe, "the admin client's connection is listed");
            assertEquals("apache-kafka-java", probe.get("softwareName").getAsString());
            assertEquals(
                    AppInfoParser.getVersion(), probe.get("softwareVersion").getAsString());
            assertEquals("PLAINTEXT", probe.get("listener").getAsString());
            assertEquals("User:ANONYMOUS", probe.get("principal").getAsString());
            assertTrue(probe.get("remoteAddress").getAsString().startsWith("127.0.0.1:"), probe.toString());
            assertTrue(probe.getAsJsonObject("requests").get("ApiVersions").getAsLong() >= 1, probe.toString());
        }
        JsonArray apis = JsonParser.parseString(
                        send("GET", "/api/requests", null).body())
                .getAsJsonArray();
        boolean metadata = false;
        for (JsonElement e : apis) {
            JsonObject a = e.getAsJsonObject();
            metadata |= a.get("api").getAsString().equals("Metadata")
                    && a.get("apiKey").getAsInt() == 3
                    && a.get("requests").getAsLong() >= 1;
        }
        assertTrue(metadata, apis.toString());
    }

    @Test
    void aHangingTransactionIsAbortedAtItsStartOffset() throws Exception {
        send("POST", "/api/topics", "{\"name\":\"api-hanging\",\"partitions\":1}");
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "api-hanging-txn");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("api-hanging", "k", "open")).get();

            HttpResponse<String> wrong = send(
                    "POST", "/api/transactions/abort", "{\"topic\":\"api-hanging\",\"partition\":0,\"startOffset\":7}");
            assertEquals(400, wrong.statusCode());
            assertEquals("{\"error\":\"No open transaction starts at offset 7 of api-hanging-0.\"}", wrong.body());

            HttpResponse<String> aborted = send(
                    "POST", "/api/transactions/abort", "{\"topic\":\"api-hanging\",\"partition\":0,\"startOffset\":0}");
            assertEquals(200, aborted.statusCode(), aborted.body());
            JsonObject record = JsonParser.parseString(send("GET", "/api/topics/api-hanging/records?partition=0", null)
                            .body())
                    .getAsJsonObject()
                    .getAsJsonArray("records")
                    .get(0)
                    .getAsJsonObject();
            assertEquals("aborted", record.get("transaction").getAsString());
        }
    }

    @Test
    void aRefusedChangeAnswersKafkasMessage() throws Exception {
        send("POST", "/api/topics", "{\"name\":\"api-configs\"}");
        HttpResponse<String> bad =
                send("PUT", "/api/topics/api-configs/configs", "{\"configs\":{\"retention.ms\":\"soon\"}}");
        assertEquals(400, bad.statusCode());
        assertEquals(
                "{\"error\":\"Invalid value soon for configuration retention.ms: Not a number of type LONG\"}",
                bad.body());
        HttpResponse<String> fewer = send("POST", "/api/topics/api-configs/partitions", "{\"count\":1}");
        assertEquals("{\"error\":\"Topic already has 1 partition(s).\"}", fewer.body());
    }

    @Test
    void requestsForAnotherHostOrFromAnotherSiteAreRefused() throws Exception {
        assertTrue(raw("GET /api/overview HTTP/1.1\r\nHost: attacker.example:80\r\n\r\n")
                .startsWith("HTTP/1.1 403"));
        URI uri = URI.create(Consoles.url(broker));
        String host = "127.0.0.1:" + uri.getPort();
        String body = "name=evil";
        assertTrue(raw("POST /topics HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://attacker.example\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length()
                        + "\r\n\r\n" + body)
                .startsWith("HTTP/1.1 403"));
        assertTrue(broker.topicNames().stream().noneMatch("evil"::equals));
        assertTrue(raw("GET /api/overview HTTP/1.1\r\nHost: localhost:" + uri.getPort() + "\r\n\r\n")
                .startsWith("HTTP/1.1 200"));
    }

    @Test
    void aShareGroupsStartOffsetIsResetAsKafkaShareGroupsResetOffsetsDoes() throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic("api-shared", 1, (short) 1)))
                    .all()
                    .get();
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, "api-share"),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
        for (int i = 0; i < 3; i++) {
            assertEquals(
                    201,
                    send("POST", "/api/topics/api-shared/records", "{\"value\":\"v" + i + "\"}")
                            .statusCode());
        }
        try (KafkaShareConsumer<String, String> consumer = new KafkaShareConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "api-share",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class))) {
            consumer.subscribe(List.of("api-shared"));
            int read = 0;
            while (read < 3) {
                read += consumer.poll(Duration.ofMillis(200)).count();
            }
            consumer.commitSync();
            HttpResponse<String> refused = send(
                    "POST",
                    "/api/group/reset",
                    "{\"group\":\"api-share\",\"topic\":\"api-shared\",\"to\":\"earliest\",\"dryRun\":false}");
            assertEquals(400, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("The group is not empty."), refused.body());
        }
        Awaitility.await()
                .until(() -> send("GET", "/api/group?id=api-share", null).body().contains("\"members\":[]"));
        Awaitility.await().until(() -> offsetOf("api-share").get("committed").getAsLong() == 3);

        HttpResponse<String> reset = send(
                "POST",
                "/api/group/reset",
                "{\"group\":\"api-share\",\"topic\":\"api-shared\",\"to\":\"earliest\",\"dryRun\":false}");
        assertEquals(200, reset.statusCode(), reset.body());
        JsonObject planned =
                JsonParser.parseString(reset.body()).getAsJsonArray().get(0).getAsJsonObject();
        assertEquals(3, planned.get("current").getAsLong());
        assertEquals(0, planned.get("target").getAsLong());
        JsonObject after = offsetOf("api-share");
        assertEquals(0, after.get("committed").getAsLong()); // the share-partition's start offset
        assertEquals(3, after.get("lag").getAsLong());
        // no consumer group offsets were committed under the share group's id
        assertTrue(send("GET", "/api/groups", null).body().contains("\"groupId\":\"api-share\",\"type\":\"share\""));
    }

    private static JsonObject offsetOf(String group) throws Exception {
        return JsonParser.parseString(
                        send("GET", "/api/group?id=" + group, null).body())
                .getAsJsonObject()
                .getAsJsonArray("offsets")
                .get(0)
                .getAsJsonObject();
    }

    @Test
    void recordsAreReadFromAnOffsetOrATimeAndSearchedAndAGroupsOffsetsResetAfterADryRun() throws Exception {
        assertEquals(
                201,
                send("POST", "/api/topics", "{\"name\":\"api-browse\",\"partitions\":1}")
                        .statusCode());
        long before;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>("api-browse", 0, 1_000L * (i + 1), "k" + i, "value-" + i))
                        .get();
            }
            before = 3_000L;
        }
        assertEquals(List.of(3L, 4L), offsets("/api/topics/api-browse/records?from=offset&at=3"));
        assertEquals(List.of(2L, 3L, 4L), offsets("/api/topics/api-browse/records?from=timestamp&at=" + before));
        assertEquals(List.of(4L), offsets("/api/topics/api-browse/records?from=end&limit=1"));
        assertEquals(List.of(2L), offsets("/api/topics/api-browse/records?q=value-2"));
        assertEquals(
                400,
                send("GET", "/api/topics/api-browse/records?from=sideways", null)
                        .statusCode());

        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "api-classic");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of("api-browse"));
            int read = 0;
            while (read < 5) {
                read += consumer.poll(Duration.ofMillis(200)).count();
            }
            consumer.commitSync();
            HttpResponse<String> busy = send(
                    "POST",
                    "/api/group/reset",
                    "{\"group\":\"api-classic\",\"topic\":\"api-browse\",\"to\":\"earliest\",\"dryRun\":false}");
            assertEquals(400, busy.statusCode(), "a group with members is not reset, as kafka-consumer-groups says");
        }
        String reset = "{\"group\":\"api-classic\",\"topic\":\"api-browse\",\"to\":\"offset\",\"at\":1";
        HttpResponse<String> dryRun = send("POST", "/api/group/reset", reset + "}");
        assertEquals(200, dryRun.statusCode(), dryRun.body());
        JsonObject planned =
                JsonParser.parseString(dryRun.body()).getAsJsonArray().get(0).getAsJsonObject();
        assertEquals(5, planned.get("current").getAsLong());
        assertEquals(1, planned.get("target").getAsLong());
        JsonObject committed = JsonParser.parseString(
                        send("GET", "/api/group?id=api-classic", null).body())
                .getAsJsonObject()
                .getAsJsonArray("offsets")
                .get(0)
                .getAsJsonObject();
        assertEquals(5, committed.get("committed").getAsLong(), "a dry run changes nothing");
        assertEquals(0, committed.get("lag").getAsLong());
        assertEquals(
                200,
                send("POST", "/api/group/reset", reset + ",\"dryRun\":false}").statusCode());
        committed = JsonParser.parseString(
                        send("GET", "/api/group?id=api-classic", null).body())
                .getAsJsonObject()
                .getAsJsonArray("offsets")
                .get(0)
                .getAsJsonObject();
        assertEquals(1, committed.get("committed").getAsLong());
        assertEquals(4, committed.get("lag").getAsLong());

        HttpResponse<String> grown = send("POST", "/api/topics/api-browse/partitions", "{\"count\":3}");
        assertEquals(200, grown.statusCode(), grown.body());
        assertEquals(
                3,
                JsonParser.parseString(grown.body())
                        .getAsJsonObject()
                        .getAsJsonArray("partitions")
                        .size());
        JsonObject overview = JsonParser.parseString(
                        send("GET", "/api/overview", null).body())
                .getAsJsonObject();
        assertTrue(overview.get("partitions").getAsInt() >= 3, overview.toString());
        assertEquals(broker.clusterId(), overview.get("clusterId").getAsString());
        assertEquals(204, send("DELETE", "/api/topics/api-browse", null).statusCode());
        assertEquals(404, send("GET", "/api/topics/api-browse", null).statusCode());
    }

    @Test
    void aConsumerGroupOfTheNewProtocolIsListedWithItsTypeMemberAndLag() throws Exception {
        assertEquals(
                201,
                send("POST", "/api/topics", "{\"name\":\"api-848\",\"partitions\":1}")
                        .statusCode());
        for (int i = 0; i < 3; i++) {
            send("POST", "/api/topics/api-848/records", "{\"partition\":0,\"value\":\"v" + i + "\"}");
        }
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "api-848-group");
        c.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "api-848-member");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of("api-848"));
            int read = 0;
            while (read < 1) {
                read += consumer.poll(Duration.ofMillis(200)).count();
            }
            consumer.commitSync(java.util.Map.of(
                    new org.apache.kafka.common.TopicPartition("api-848", 0),
                    new org.apache.kafka.clients.consumer.OffsetAndMetadata(1)));
            JsonObject group = null;
            for (JsonElement g : JsonParser.parseString(
                            send("GET", "/api/groups", null).body())
                    .getAsJsonArray()) {
                if (g.getAsJsonObject().get("groupId").getAsString().equals("api-848-group")) {
                    group = g.getAsJsonObject();
                }
            }
            assertNotNull(group);
            assertEquals("consumer", group.get("type").getAsString());
            assertEquals(1, group.get("members").getAsInt());
            assertEquals(2, group.get("lag").getAsLong());
            JsonObject detail = JsonParser.parseString(
                            send("GET", "/api/group?id=api-848-group", null).body())
                    .getAsJsonObject();
            JsonObject member = detail.getAsJsonArray("members").get(0).getAsJsonObject();
            assertEquals("api-848-member", member.get("clientId").getAsString());
            assertTrue(member.get("assignment").getAsString().contains("api-848-0"), member.toString());
        }
    }

    private static List<Long> offsets(String path) throws Exception {
        HttpResponse<String> answer = send("GET", path, null);
        assertEquals(200, answer.statusCode(), answer.body());
        List<Long> offsets = new java.util.ArrayList<>();
        JsonParser.parseString(answer.body())
                .getAsJsonObject()
                .getAsJsonArray("records")
                .forEach(r -> offsets.add(r.getAsJsonObject().get("offset").getAsLong()));
        return offsets;
    }

    private static HttpResponse<String> send(String method, String path, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(Consoles.url(broker) + path));
        b.method(
                method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** One request as written, with the Host and Origin a browser on another site would send; the status line. */
    private static String raw(String request) throws Exception {
        URI uri = URI.create(Consoles.url(broker));
        try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) != -1 && c != '\r') {
                line.append((char) c);
            }
            return line.toString();
        }
    }
}
