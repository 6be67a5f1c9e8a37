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
package io.skiff.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the registry acknowledged is in the _schemas topic and comes back after a restart over the same data. */
class SchemaRegistryRestartTest {
    @TempDir
    Path dataDir;

    private SkiffServer start() {
        return SkiffServer.builder()
                .dataDir(dataDir)
                .schemaRegistry("http://127.0.0.1:0")
                .start();
    }

    @Test
    void schemasConfigsModesAndDeletesSurviveARestart() {
        int usersId;
        int ordersId;
        try (SkiffServer broker = start()) {
            RegistryClient registry =
                    new RegistryClient(broker.extensionUrl("schema-registry").orElseThrow());
            usersId = registry.register("users-value", SchemaRegistryApiTest.USER_V1, null);
            registry.register("users-value", SchemaRegistryApiTest.USER_V2, null);
            ordersId = registry.register("orders-value", "{\"type\":\"object\"}", "JSON");
            registry.ok("PUT", "/config", "{\"compatibility\":\"FULL\"}");
            registry.ok("PUT", "/mode/orders-value", "{\"mode\":\"READONLY\"}");
            registry.ok("DELETE", "/subjects/users-value/versions/2", null);
        }
        try (SkiffServer broker = start()) {
            RegistryClient registry =
                    new RegistryClient(broker.extensionUrl("schema-registry").orElseThrow());
            assertEquals(
                    "[\"orders-value\",\"users-value\"]",
                    registry.get("/subjects").toString());
            assertEquals("[1]", registry.get("/subjects/users-value/versions").toString());
            assertEquals(
                    "[1,2]",
                    registry.get("/subjects/users-value/versions?deleted=true").toString());
            assertEquals(
                    SchemaRegistryApiTest.USER_V1,
                    registry.get("/schemas/ids/" + usersId)
                            .getAsJsonObject()
                            .get("schema")
                            .getAsString());
            assertEquals(
                    "JSON",
                    registry.get("/schemas/ids/" + ordersId)
                            .getAsJsonObject()
                            .get("schemaType")
                            .getAsString());
            assertEquals(
                    "{\"compatibilityLevel\":\"FULL\"}", registry.get("/config").toString());
            assertEquals(
                    "{\"mode\":\"READONLY\"}",
                    registry.get("/mode/orders-value").toString());
            assertEquals(
                    usersId,
                    registry.register("again-value", SchemaRegistryApiTest.USER_V1, null),
                    "the same schema keeps its id after a restart");
            int next = registry.register("new-value", "\"string\"", null);
            assertEquals(ordersId + 1, next, "ids go on after the highest one in the log");
        }
    }

    @Test
    void theTopicHoldsConfluentsKeysAndValuesForKafkaTools() throws Exception {
        try (SkiffServer broker = start()) {
            RegistryClient registry =
                    new RegistryClient(broker.extensionUrl("schema-registry").orElseThrow());
            int id = registry.register("users-value", SchemaRegistryApiTest.USER_V1, null);
            registry.ok("PUT", "/config/users-value", "{\"compatibility\":\"NONE\"}");
            registry.ok("DELETE", "/config/users-value", null);

            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                    Map.of("bootstrap.servers", broker.bootstrapServers()),
                    new StringDeserializer(),
                    new StringDeserializer())) {
                TopicPartition tp = new TopicPartition("_schemas", 0);
                consumer.assign(List.of(tp));
                consumer.seekToBeginning(List.of(tp));
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (records.size() < 3 && System.nanoTime() < deadline) {
                    consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                }
            }
            assertEquals(3, records.size(), records.toString());
            assertEquals(
                    "{\"keytype\":\"SCHEMA\",\"subject\":\"users-value\",\"version\":1,\"magic\":1}",
                    records.get(0).key());
            com.google.gson.JsonObject value = com.google.gson.JsonParser.parseString(
                            records.get(0).value())
                    .getAsJsonObject();
            assertEquals("users-value", value.get("subject").getAsString());
            assertEquals(1, value.get("version").getAsInt());
            assertEquals(id, value.get("id").getAsInt());
            assertEquals(SchemaRegistryApiTest.USER_V1, value.get("schema").getAsString());
            assertEquals(false, value.get("deleted").getAsBoolean());
            assertEquals(
                    "{\"keytype\":\"CONFIG\",\"subject\":\"users-value\",\"magic\":0}",
                    records.get(1).key());
            assertEquals("{\"compatibilityLevel\":\"NONE\"}", records.get(1).value());
            assertNull(records.get(2).value(), "a removed config is a tombstone");
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
                ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, "_schemas");
                Config config =
                        admin.describeConfigs(List.of(topic)).all().get().get(topic);
                assertEquals("compact", config.get("cleanup.policy").value());
                assertEquals("1", config.get("flush.messages").value(), "each change is forced to disk");
            }
        }
    }
}
