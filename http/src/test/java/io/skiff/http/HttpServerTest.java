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
package io.skiff.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class HttpServerTest {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static HttpServer server;

    @BeforeAll
    static void start() throws Exception {
        Routes routes = new Routes()
                .post("/v1/things", r -> {
                    JsonObjectReader in = r.json().onlyFields(Set.of("name", "size"));
                    String name = in.string("name");
                    Long size = in.integer("size", 1, 10);
                    JsonObject out = new JsonObject();
                    out.addProperty("name", name);
                    out.addProperty("size", size);
                    return HttpResponse.created(out);
                })
                .get("/v1/things/{id}", r -> {
                    if (r.pathParam("id").equals("missing")) {
                        throw HttpException.notFound("no thing missing");
                    }
                    JsonObject out = new JsonObject();
                    out.addProperty("id", r.pathParam("id"));
                    return HttpResponse.ok(out);
                })
                .delete("/v1/things/{id}", r -> HttpResponse.noContent())
                .get("/v1/boom", r -> {
                    throw new IllegalStateException("boom");
                });
        server = HttpServer.start(new InetSocketAddress("127.0.0.1", 0), routes, 1024, "test");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void servesRoutesWithPathParametersAndJson() throws Exception {
        assertEquals("201 {\"name\":\"a\",\"size\":3}", call("POST", "/v1/things", "{\"name\":\"a\",\"size\":3}"));
        assertEquals("200 {\"id\":\"x1\"}", call("GET", "/v1/things/x1", null));
        assertEquals("204 ", call("DELETE", "/v1/things/x1", null));
        assertTrue(server.url().startsWith("http://127.0.0.1:"), server.url());
    }

    @Test
    void badInputIsA400NamingTheProblem() throws Exception {
        assertEquals(
                "400 {\"error\":\"unknown field 'colour' (known fields: name, size)\"}",
                call("POST", "/v1/things", "{\"name\":\"a\",\"colour\":\"red\"}"));
        assertEquals(
                "400 {\"error\":\"field 'size' must be between 1 and 10, not 11\"}",
                call("POST", "/v1/things", "{\"size\":11}"));
        assertEquals("400 {\"error\":\"field 'name' must be a string\"}", call("POST", "/v1/things", "{\"name\":1}"));
        assertTrue(call("POST", "/v1/things", "{\"name\":").startsWith("400 {\"error\":\"bad JSON: "));
        assertTrue(call("POST", "/v1/things", "{'name':'a'}").startsWith("400 {\"error\":\"bad JSON: "));
        assertEquals("400 {\"error\":\"bad JSON: the body must be a JSON object\"}", call("POST", "/v1/things", "[]"));
    }

    @Test
    void unknownPathsMethodsAndOversizedBodiesAreRefused() throws Exception {
        assertEquals("404 {\"error\":\"no such path: /v2/x\"}", call("GET", "/v2/x", null));
        assertEquals("404 {\"error\":\"no thing missing\"}", call("GET", "/v1/things/missing", null));
        assertEquals("405 {\"error\":\"method PUT is not allowed on /v1/things\"}", call("PUT", "/v1/things", "{}"));
        assertTrue(call("POST", "/v1/things", "{\"name\":\"" + "x".repeat(2000) + "\"}")
                .startsWith("413"));
        assertEquals(
                "500 {\"error\":\"internal error: java.lang.IllegalStateException: boom\"}",
                call("GET", "/v1/boom", null));
    }

    private static String call(String method, String path, String body) throws Exception {
        var request = java.net.http.HttpRequest.newBuilder(URI.create(server.url() + path))
                .method(method, body == null ? BodyPublishers.noBody() : BodyPublishers.ofString(body))
                .build();
        var response = CLIENT.send(request, BodyHandlers.ofString());
        return response.statusCode() + " " + response.body();
    }
}
