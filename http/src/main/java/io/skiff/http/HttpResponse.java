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
