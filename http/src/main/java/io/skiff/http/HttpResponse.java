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

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a route handler answers: a status and a body, JSON unless another content type is given (none for 204).
 * Immutable.
 *
 * @param status      the HTTP status
 * @param json        the body (JSON, or text of {@code contentType}), or null for none
 * @param contentType the body's media type
 * @param headers     further response headers
 */
public record HttpResponse(int status, String json, String contentType, Map<String, String> headers) {
    private static final String JSON = "application/json";

    public HttpResponse {
        headers = Map.copyOf(headers);
    }

    /** A JSON answer. */
    public HttpResponse(int status, String json) {
        this(status, json, JSON, Map.of());
    }

    /** A text answer of another media type, e.g. {@code text/html; charset=utf-8}. */
    public static HttpResponse text(int status, String contentType, String body) {
        return new HttpResponse(status, body, contentType, Map.of());
    }

    /** This answer with one more header. */
    public HttpResponse withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new HttpResponse(status, json, contentType, more);
    }

    /** 200 with a JSON body. */
    public static HttpResponse ok(JsonElement body) {
        return new HttpResponse(200, Json.write(body));
    }

    /** 201 with a JSON body. */
    public static HttpResponse created(JsonElement body) {
        return new HttpResponse(201, Json.write(body));
    }

    /** 204 without a body. */
    public static HttpResponse noContent() {
        return new HttpResponse(204, null);
    }

    /** An error as the layer sends it: {@code {"error": message}}. */
    public static HttpResponse error(int status, String message) {
        JsonObject body = new JsonObject();
        body.addProperty("error", message);
        return new HttpResponse(status, Json.write(body));
    }
}
