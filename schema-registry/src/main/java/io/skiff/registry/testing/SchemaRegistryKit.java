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
package io.skiff.registry.testing;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.DecoderFactory;

/**
 * Test helpers over any registry that speaks Confluent's REST API (Skiff's, or Confluent's own): register a schema,
 * and decode record values in Confluent's wire format (magic byte 0, the 4-byte schema id, then the payload) through
 * the registry. With test-kit, a topic's records decoded:
 *
 * <pre>{@code
 * SchemaRegistryKit registry = new SchemaRegistryKit(registryUrl);
 * int id = registry.register("orders-value", orderSchema, "AVRO");
 * List<ConsumerRecord<String, DecodedValue>> records = kit.readRecords(
 *         "orders", 3, Duration.ofSeconds(10), new StringDeserializer(), (topic, bytes) -> registry.decode(bytes));
 * GenericRecord first = (GenericRecord) records.get(0).value().value();
 * }</pre>
 *
 * <p>AVRO values are read with Avro's {@link GenericDatumReader} (referenced schemas resolved through the registry);
 * JSON values are the JSON text; PROTOBUF values are rendered as text format from the {@code .proto} text (scalars,
 * strings, packed scalars and messages of the same file; bytes, maps and imported messages as hex). Lives in the
 * registry module so that test-kit does not depend on the registry. Thread-safe (schemas are cached by id).
 */
public final class SchemaRegistryKit {
    private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

    private final String url;
    private final String authorization; // null: none
    private final HttpClient http;
    private final Map<Integer, JsonObject> schemas = new ConcurrentHashMap<>();

    /** A kit for a registry at {@code url} without authentication. */
    public SchemaRegistryKit(String url) {
        this(url, null, null, HttpClient.newHttpClient());
    }

    /**
     * A kit for a registry with HTTP basic authentication; {@code http} carries the TLS settings of an https://
     * registry (e.g. {@code HttpClient.newBuilder().sslContext(...).build()}).
     */
    public SchemaRegistryKit(String url, String user, String password, HttpClient http) {
        this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        this.authorization = user == null
                ? null
                : "Basic "
                        + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        this.http = http;
    }

    /**
     * Registers {@code schema} under {@code subject}.
     *
     * @param schemaType AVRO, JSON or PROTOBUF
     * @return the schema's id
     * @throws IllegalStateException with the registry's error body when it refuses
     */
    public int register(String subject, String schema, String schemaType) {
        JsonObject body = new JsonObject();
        body.addProperty("schema", schema);
        body.addProperty("schemaType", schemaType);
        return call("POST", "/subjects/" + subject + "/versions", body.toString())
                .getAsJsonObject()
                .get("id")
                .getAsInt();
    }

    /** The latest version's id of a subject. */
    public int latestId(String subject) {
        return call("GET", "/subjects/" + subject + "/versions/latest", null)
                .getAsJsonObject()
                .get("id")
                .getAsInt();
    }

    /**
     * Decodes a value in Confluent's wire format through the registry.
     *
     * @throws IllegalArgumentException when the bytes are not in that format or do not match their schema
     */
    public DecodedValue decode(byte[] framed) {
        if (framed == null) {
            return null;
        }
        ByteBuffer in = ByteBuffer.wrap(framed);
        if (framed.length < 5 || in.get() != 0) {
            throw new IllegalArgumentException("not Confluent's wire format: no magic byte 0 and schema id");
        }
        int id = in.getInt();
        JsonObject schema = schema(id);
        String type = schema.has("schemaType") ? schema.get("schemaType").getAsString() : "AVRO";
        String text = schema.get("schema").getAsString();
        try {
            return switch (type) {
                case "AVRO" -> {
                    Schema.Parser parser = new Schema.Parser();
                    parseReferences(schema, parser);
                    Schema avro = parser.parse(text);
                    Object datum = new GenericDatumReader<Object>(avro)
                            .read(
                                    null,
                                    DecoderFactory.get().binaryDecoder(framed, in.position(), in.remaining(), null));
                    yield new DecodedValue(id, type, List.of(), datum, String.valueOf(datum));
                }
                case "JSON" -> {
                    String json = StandardCharsets.UTF_8.decode(in).toString();
                    yield new DecodedValue(id, type, List.of(), json, json);
                }
                case "PROTOBUF" -> {
                    List<Integer> indexes = messageIndexes(in);
                    String rendered = ProtobufText.render(text, ProtobufText.message(text, indexes), in.slice());
                    yield new DecodedValue(id, type, indexes, rendered, rendered);
                }
                default -> throw new IllegalArgumentException("unknown schema type " + type);
            };
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(
                    "value with schema id " + id + " does not decode as " + type + ": " + e, e);
        }
    }

    /** Confluent's message-index header: a zigzag varint count, then the indexes ({@code 0} alone means [0]). */
    private static List<Integer> messageIndexes(ByteBuffer in) {
        int count = zigzag(ProtobufText.varint(in));
        if (count == 0) {
            return List.of(0);
        }
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            indexes.add(zigzag(ProtobufText.varint(in)));
        }
        return indexes;
    }

    private static int zigzag(long v) {
        return (int) ((v >>> 1) ^ -(v & 1));
    }

    /** Parses the schemas a schema references, depth first, so their named types are known to the parser. */
    private void parseReferences(JsonObject schema, Schema.Parser parser) {
        JsonArray references = schema.has("references") ? schema.getAsJsonArray("references") : new JsonArray();
        for (JsonElement r : references) {
            JsonObject ref = r.getAsJsonObject();
            JsonObject version = call(
                            "GET",
                            "/subjects/" + ref.get("subject").getAsString() + "/versions/"
                                    + ref.get("version").getAsInt(),
                            null)
                    .getAsJsonObject();
            parseReferences(version, parser);
            if (!parser.getTypes().containsKey(nameOf(version.get("schema").getAsString()))) {
                parser.parse(version.get("schema").getAsString());
            }
        }
    }

    private static String nameOf(String avro) {
        JsonElement e = JsonParser.parseString(avro);
        if (!e.isJsonObject() || !e.getAsJsonObject().has("name")) {
            return "";
        }
        JsonObject o = e.getAsJsonObject();
        String name = o.get("name").getAsString();
        return o.has("namespace") && !name.contains(".") ? o.get("namespace").getAsString() + "." + name : name;
    }

    private JsonObject schema(int id) {
        return schemas.computeIfAbsent(
                id, i -> call("GET", "/schemas/ids/" + i, null).getAsJsonObject());
    }

    private JsonElement call(String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path))
                .header("Accept", CONTENT_TYPE)
                .header("Content-Type", CONTENT_TYPE)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JsonParser.parseString(response.body());
    }
}
