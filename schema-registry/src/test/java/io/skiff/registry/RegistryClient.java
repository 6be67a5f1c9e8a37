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

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Raw HTTP calls to a registry, as a test writes them (java.net.http; no registry client library). */
final class RegistryClient {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

    private final String url;

    RegistryClient(String url) {
        this.url = url;
    }

    HttpResponse<String> send(String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path))
                .header("Content-Type", CONTENT_TYPE)
                .header("Accept", CONTENT_TYPE)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The body of a 200 answer as JSON; anything else fails with the answer. */
    JsonElement ok(String method, String path, String body) {
        HttpResponse<String> response = send(method, path, body);
        if (response.statusCode() != 200) {
            throw new AssertionError(
                    method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JsonParser.parseString(response.body());
    }

    JsonElement get(String path) {
        return ok("GET", path, null);
    }

    /** Registers a schema (AVRO when type is null); returns its id. */
    int register(String subject, String schema, String type) {
        return ok("POST", "/subjects/" + subject + "/versions", body(schema, type))
                .getAsJsonObject()
                .get("id")
                .getAsInt();
    }

    /** {@code {"schema": ..., "schemaType": ...}}. */
    static String body(String schema, String type) {
        JsonObject o = new JsonObject();
        o.addProperty("schema", schema);
        if (type != null) {
            o.addProperty("schemaType", type);
        }
        return o.toString();
    }

    /** The error code of a refused request, checking its HTTP status. */
    int errorCode(int expectedStatus, String method, String path, String body) {
        HttpResponse<String> response = send(method, path, body);
        if (response.statusCode() != expectedStatus) {
            throw new AssertionError(method + " " + path + " answered " + response.statusCode() + ", not "
                    + expectedStatus + ": " + response.body());
        }
        return JsonParser.parseString(response.body())
                .getAsJsonObject()
                .get("error_code")
                .getAsInt();
    }
}
