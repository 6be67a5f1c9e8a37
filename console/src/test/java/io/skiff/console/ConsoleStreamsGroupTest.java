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
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streams group (KIP-1071) made by a real Kafka Streams app with {@code group.protocol=streams}: the console lists
 * it with its type, state and member, the member's tasks as Kafka names them, and the committed offsets and lag of
 * the source topic's partitions, through the API and on the group's page.
 */
@Skiff(console = true)
class ConsoleStreamsGroupTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String APP = "console-streams-app";
    /** Filled in by {@code @Skiff}. */
    private static SkiffServer broker;

    @Test
    void aStreamsAppsGroupIsShownWithItsStateTasksCommittedOffsetsAndLag(@TempDir Path stateDir) throws Exception {
        broker.createTopic("streams-in", 2);
        broker.createTopic("streams-out", 1);
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < 6; i++) {
                producer.send(new ProducerRecord<>("streams-in", i % 2, "k" + i, "v" + i));
            }
            producer.flush();
        }

        StreamsBuilder topology = new StreamsBuilder();
        topology.<String, String>stream("streams-in")
                .mapValues(v -> v.toUpperCase())
                .to("streams-out");
        Properties s = new Properties();
        s.put(StreamsConfig.APPLICATION_ID_CONFIG, APP);
        s.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        s.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, "streams");
        s.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        s.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        s.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        s.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        s.put(StreamsConfig.CLIENT_ID_CONFIG, "console-streams-client");
        try (KafkaStreams streams = new KafkaStreams(topology.build(), s)) {
            streams.start();
            // the app reads all six records and commits: both partitions at their end offset 3, no lag
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                JsonObject group = summary();
                return group != null
                        && "Stable".equals(group.get("state").getAsString())
                        && committedSum() == 6
                        && group.get("lag").getAsLong() == 0;
            });
            JsonObject group = summary();
            assertEquals("streams", group.get("type").getAsString());
            assertEquals(1, group.get("members").getAsInt());

            JsonObject detail =
                    JsonParser.parseString(get("/api/group?id=" + APP).body()).getAsJsonObject();
            JsonObject member = detail.getAsJsonArray("members").get(0).getAsJsonObject();
            assertTrue(member.get("clientId").getAsString().startsWith("console-streams-client"), member.toString());
            assertEquals("active 0_0, 0_1", member.get("assignment").getAsString());
            for (JsonElement o : detail.getAsJsonArray("offsets")) {
                JsonObject offset = o.getAsJsonObject();
                assertEquals("streams-in", offset.get("topic").getAsString());
                assertEquals(3, offset.get("committed").getAsLong());
                assertEquals(3, offset.get("endOffset").getAsLong());
                assertEquals(0, offset.get("lag").getAsLong());
            }

            String page = get("/group?id=" + APP).body();
            assertTrue(page.contains("active 0_0, 0_1"), page);
            assertTrue(page.contains("streams group, state <strong id=\"group-state\">Stable</strong>"), page);
        }
    }

    private static JsonObject summary() throws Exception {
        for (JsonElement g : JsonParser.parseString(get("/api/groups").body()).getAsJsonArray()) {
            if (g.getAsJsonObject().get("groupId").getAsString().equals(APP)) {
                return g.getAsJsonObject();
            }
        }
        return null;
    }

    private static long committedSum() throws Exception {
        long sum = 0;
        JsonElement answer = JsonParser.parseString(get("/api/group?id=" + APP).body());
        if (!answer.getAsJsonObject().has("offsets")) {
            return -1;
        }
        for (JsonElement o : answer.getAsJsonObject().getAsJsonArray("offsets")) {
            sum += o.getAsJsonObject().get("committed").getAsLong();
        }
        return sum;
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(Consoles.url(broker) + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
