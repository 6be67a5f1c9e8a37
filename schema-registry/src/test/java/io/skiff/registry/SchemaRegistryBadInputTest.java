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
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Input a registry must survive: bodies over the listener's limit (16 MiB) get a 413 in Confluent's error shape, not
 * Netty's bare one; malformed, mistyped and absurdly nested JSON and schemas get 4xx error codes, never a 500 and
 * never a half-written state.
 */
class SchemaRegistryBadInputTest extends RegistryOnBroker {
    private static final int LIMIT = 16 * 1024 * 1024;

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aBodyOverTheLimitGetsConfluents413AndTheConnectionServesTheNextRequest() throws Exception {
        byte[] big = new byte[LIMIT + 1];
        Arrays.fill(big, (byte) ' ');
        HttpResponse<String> sized = HTTP.send(
                HttpRequest.newBuilder(URI.create(url + "/subjects/big/versions"))
                        .header("Content-Type", RegistryClient.CONTENT_TYPE)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(big))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertConfluent413(sized);

        // Chunked, without a Content-Length: found too big while it arrives.
        HttpResponse<String> chunked = HTTP.send(
                HttpRequest.newBuilder(URI.create(url + "/subjects/big/versions"))
                        .header("Content-Type", RegistryClient.CONTENT_TYPE)
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertConfluent413(chunked);

        assertEquals("[]", registry.get("/subjects").toString(), "nothing registered, the registry still answers");
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeTheBodyIsSent() throws Exception {
        URI uri = URI.create(url);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /subjects/big/versions HTTP/1.1\r\nHost: " + uri.getAuthority()
                            + "\r\nContent-Type: application/json\r\nContent-Length: " + (LIMIT + 1)
                            + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 413 "), answer);
            assertTrue(answer.contains("content-type: application/vnd.schemaregistry.v1+json"), answer);
            String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            assertEquals(
                    413,
                    JsonParser.parseString(body)
                            .getAsJsonObject()
                            .get("error_code")
                            .getAsInt(),
                    body);
        }
    }

    @Test
    void malformedAndMistypedBodiesGetErrorCodesNotA500() {
        String path = "/subjects/bad/versions";
        assertEquals(400, registry.errorCode(400, "POST", path, "{\"schema\":"));
        assertEquals(400, registry.errorCode(400, "POST", path, "not json at all"));
        assertEquals(400, registry.errorCode(400, "POST", path, ""));
        assertEquals(400, registry.errorCode(400, "POST", path, "{\"schema\": \"a\"} trailing"));
        assertEquals(422, registry.errorCode(422, "POST", path, "[]"));
        assertEquals(422, registry.errorCode(422, "POST", path, "\"a string\""));
        assertEquals(422, registry.errorCode(422, "POST", path, "{\"schema\": 5}"));
        assertEquals(422, registry.errorCode(422, "POST", path, "{\"schema\": \"\\\"string\\\"\", \"references\": 1}"));
        assertEquals(
                422, registry.errorCode(422, "POST", path, "{\"schema\": \"\\\"string\\\"\", \"references\": [1]}"));
        assertEquals(
                422, registry.errorCode(422, "POST", path, "{\"schema\": \"\\\"string\\\"\", \"schemaType\": true}"));
        assertEquals(422, registry.errorCode(422, "POST", path, "{\"schema\": \"\\\"string\\\"\", \"id\": \"x\"}"));
        assertEquals(42201, registry.errorCode(422, "POST", path, "{\"schema\": \"\"}"));
        assertEquals(42201, registry.errorCode(422, "POST", path, RegistryClient.body("{not avro", null)));
        assertEquals(42201, registry.errorCode(422, "POST", path, RegistryClient.body("{\"type\":5}", "JSON")));
        assertEquals(42201, registry.errorCode(422, "POST", path, RegistryClient.body("message {", "PROTOBUF")));
        assertEquals(
                42201,
                registry.errorCode(
                        422, "POST", path, "{\"schema\": \"\\\"string\\\"\", \"references\": [{\"name\": \"x\"}]}"));
        assertEquals(42203, registry.errorCode(422, "PUT", "/config", "{\"compatibility\": \"SOMETIMES\"}"));
        assertEquals(42203, registry.errorCode(422, "PUT", "/config/bad", "{}"));
        assertEquals(42204, registry.errorCode(422, "PUT", "/mode", "{\"mode\": \"WRITEONLY\"}"));
        assertEquals(400, registry.errorCode(400, "PUT", "/config", "{"));
        assertEquals(400, registry.errorCode(400, "POST", "/compatibility/subjects/bad/versions/latest", "}"));
        assertEquals(40403, registry.errorCode(404, "GET", "/schemas/ids/abc", null));
        assertEquals(40403, registry.errorCode(404, "GET", "/schemas/ids/99999999999999", null));
        assertEquals(42202, registry.errorCode(422, "GET", "/subjects/bad/versions/99999999999999", null));
        assertEquals("[]", registry.get("/subjects").toString(), "nothing refused was written");
        assertEquals(
                "BACKWARD",
                registry.get("/config")
                        .getAsJsonObject()
                        .get("compatibilityLevel")
                        .getAsString());
    }

    @Test
    void deeplyNestedJsonAndSchemasAreRefusedNotA500() {
        String path = "/subjects/deep/versions";
        String deepBody = "[".repeat(100_000) + "]".repeat(100_000);
        assertClientError(registry.send("POST", path, deepBody));
        // Deep schema texts, each valid JSON nested far beyond what a schema needs.
        String deepAvro = "{\"type\":\"array\",\"items\":".repeat(5_000) + "\"int\"" + "}".repeat(5_000);
        assertClientError(registry.send("POST", path, RegistryClient.body(deepAvro, null)));
        String deepJson = "{\"type\":\"array\",\"items\":".repeat(5_000) + "{}" + "}".repeat(5_000);
        assertClientError(registry.send("POST", path, RegistryClient.body(deepJson, "JSON")));
        String deepProto = "syntax = \"proto3\";\n" + "message M { ".repeat(5_000) + "}".repeat(5_000);
        assertClientError(registry.send("POST", path, RegistryClient.body(deepProto, "PROTOBUF")));
        assertEquals("[]", registry.get("/subjects").toString());
    }

    private static void assertClientError(HttpResponse<String> response) {
        assertTrue(
                response.statusCode() >= 400 && response.statusCode() < 500,
                response.statusCode() + ": " + abbreviated(response.body()));
        JsonObject body = JsonParser.parseString(response.body()).getAsJsonObject();
        assertTrue(body.has("error_code") && body.has("message"), abbreviated(response.body()));
    }

    private static void assertConfluent413(HttpResponse<String> response) {
        assertEquals(413, response.statusCode(), abbreviated(response.body()));
        assertEquals(
                RegistryClient.CONTENT_TYPE,
                response.headers().firstValue("Content-Type").orElse(null));
        JsonObject body = JsonParser.parseString(response.body()).getAsJsonObject();
        assertEquals(413, body.get("error_code").getAsInt());
        assertTrue(body.get("message").getAsString().contains("larger than"), body.toString());
    }

    private static String abbreviated(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }
}
