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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.broker.SkiffServer;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * With the schema registry on, the console decodes records in Confluent's wire format (magic byte 0, schema id, Avro
 * data) through it, as JSON, and still shows the decoded text as text.
 */
class ConsoleSchemaRegistryTest {
    private static final String SCHEMA = "{\"type\":\"record\",\"name\":\"Person\",\"fields\":["
            + "{\"name\":\"name\",\"type\":\"string\"},{\"name\":\"age\",\"type\":\"int\"}]}";

    @Test
    void anAvroValueIsShownDecodedThroughTheRegistry() throws Exception {
        try (SkiffServer broker = SkiffServer.builder()
                .console("http://127.0.0.1:0")
                .schemaRegistry("http://127.0.0.1:0")
                .start()) {
            String console = broker.extensionUrl("console").orElseThrow();
            String registry = broker.extensionUrl("schema-registry").orElseThrow();
            HttpClient http = HttpClient.newHttpClient();
            JsonObject body = new JsonObject();
            body.addProperty("schema", SCHEMA);
            HttpResponse<String> registered = http.send(
                    HttpRequest.newBuilder(URI.create(registry + "/subjects/people-value/versions"))
                            .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, registered.statusCode(), registered.body());
            int id = JsonParser.parseString(registered.body())
                    .getAsJsonObject()
                    .get("id")
                    .getAsInt();

            Schema schema = new Schema.Parser().parse(SCHEMA);
            GenericRecord person = new GenericData.Record(schema);
            person.put("name", "<script>alert(1)</script>");
            person.put("age", 42);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(0);
            out.write(ByteBuffer.allocate(4).putInt(id).array());
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
            new GenericDatumWriter<GenericRecord>(schema).write(person, encoder);
            encoder.flush();
            try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
                producer.send(new ProducerRecord<>("people", "p-1".getBytes(), out.toByteArray()))
                        .get();
            }

            JsonObject record = JsonParser.parseString(http.send(
                                    HttpRequest.newBuilder(URI.create(console + "/api/topics/people/records"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body())
                    .getAsJsonObject()
                    .getAsJsonArray("records")
                    .get(0)
                    .getAsJsonObject();
            JsonObject decoded = record.getAsJsonObject("valueSchema");
            assertEquals("AVRO", decoded.get("format").getAsString());
            assertEquals(id, decoded.get("schemaId").getAsInt());
            assertEquals(
                    "{\"name\": \"<script>alert(1)</script>\", \"age\": 42}",
                    decoded.get("text").getAsString());
            assertTrue(record.get("keySchema") == null, "a plain key is not decoded");

            ChromeDriver browser = HeadlessChromium.start();
            try {
                browser.get(console + "/topics/people/records?format=registry");
                String value = browser.findElement(By.cssSelector("tr[data-offset='0'] pre.value"))
                        .getText();
                assertTrue(value.contains("\"name\": \"<script>alert(1)</script>\", \"age\": 42"), value);
                assertTrue(value.contains("AVRO, schema id " + id), value);
                assertEquals(
                        "p-1",
                        browser.findElement(By.cssSelector("tr[data-offset='0'] pre.key"))
                                .getText());
                assertThrows(
                        NoAlertPresentException.class, () -> browser.switchTo().alert());

                browser.get(console + "/topics/people/records?format=text");
                String raw = browser.findElement(By.cssSelector("tr[data-offset='0'] pre.value"))
                        .getText();
                assertTrue(raw.startsWith("\\u0000\\u0000"), "as text the wire format header shows: " + raw);
            } finally {
                browser.quit();
            }
        }
    }
}
