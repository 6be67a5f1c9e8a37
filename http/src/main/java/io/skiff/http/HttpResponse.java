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

/**
 * What a route handler answers: a status and a JSON body (none for 204). Immutable.
 *
 * @param status the HTTP status
 * @param json   the body, or null for none
 */
public record HttpResponse(int status, String json) {
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
