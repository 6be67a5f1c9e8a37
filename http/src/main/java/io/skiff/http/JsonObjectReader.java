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
import com.google.gson.JsonParseException;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a JSON object of a request body strictly: bad JSON, a field the route does not know, or a field of the wrong
 * type is a 400 whose message names the field. Read every field first, then act, so that nothing is half-applied.
 *
 * <p>Not thread-safe: one per request.
 */
public final class JsonObjectReader {
    private final JsonObject object;

    private JsonObjectReader(JsonObject object) {
        this.object = object;
    }

    /**
     * Parses a body that must be one JSON object (an empty body is an empty object).
     *
     * @throws HttpException 400 for anything else
     */
    public static JsonObjectReader parse(String body) {
        if (body == null || body.isBlank()) {
            return new JsonObjectReader(new JsonObject());
        }
        try (JsonReader reader = new JsonReader(new StringReader(body))) {
            reader.setStrictness(Strictness.STRICT);
            JsonElement element = com.google.gson.JsonParser.parseReader(reader);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw HttpException.badRequest("bad JSON: more than one value in the body");
            }
            if (!element.isJsonObject()) {
                throw HttpException.badRequest("bad JSON: the body must be a JSON object");
            }
            return new JsonObjectReader(element.getAsJsonObject());
        } catch (JsonParseException | IOException | IllegalStateException e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            throw HttpException.badRequest("bad JSON: " + message);
        }
    }

    /** @throws HttpException 400 naming the first field (alphabetically) that is not in {@code known} */
    public JsonObjectReader onlyFields(Set<String> known) {
        Set<String> unknown = new TreeSet<>(object.keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw HttpException.badRequest("unknown field '"
                    + unknown.iterator().next() + "' (known fields: " + String.join(", ", new TreeSet<>(known)) + ")");
        }
        return this;
    }

    public boolean has(String field) {
        JsonElement e = object.get(field);
        return e != null && !e.isJsonNull();
    }

    /** A string field, or null when absent or null. */
    public String string(String field) {
        JsonPrimitive p = primitive(field);
        if (p == null) {
            return null;
        }
        if (!p.isString()) {
            throw HttpException.badRequest("field '" + field + "' must be a string");
        }
        return p.getAsString();
    }

    /** A string or a number field as text (for fields such as an API given by name or key), or null. */
    public String stringOrNumber(String field) {
        JsonPrimitive p = primitive(field);
        if (p == null) {
            return null;
        }
        if (!p.isString() && !p.isNumber()) {
            throw HttpException.badRequest("field '" + field + "' must be a string or a number");
        }
        return p.getAsString();
    }

    /** An integral number field in {@code [min, max]}, or null. */
    public Long integer(String field, long min, long max) {
        JsonPrimitive p = primitive(field);
        if (p == null) {
            return null;
        }
        if (!p.isNumber()) {
            throw HttpException.badRequest("field '" + field + "' must be a number");
        }
        BigDecimal value = p.getAsBigDecimal();
        long exact;
        try {
            exact = value.longValueExact();
        } catch (ArithmeticException e) {
            throw HttpException.badRequest("field '" + field + "' must be a whole number, not " + value);
        }
        if (exact < min || exact > max) {
            throw HttpException.badRequest(
                    "field '" + field + "' must be between " + min + " and " + max + ", not " + exact);
        }
        return exact;
    }

    /** A number field, or null. */
    public Double number(String field) {
        JsonPrimitive p = primitive(field);
        if (p == null) {
            return null;
        }
        if (!p.isNumber()) {
            throw HttpException.badRequest("field '" + field + "' must be a number");
        }
        return p.getAsDouble();
    }

    /** A boolean field, or null. */
    public Boolean bool(String field) {
        JsonPrimitive p = primitive(field);
        if (p == null) {
            return null;
        }
        if (!p.isBoolean()) {
            throw HttpException.badRequest("field '" + field + "' must be true or false");
        }
        return p.getAsBoolean();
    }

    /**
     * An object field whose values are strings or null (null values kept, e.g. for "remove this key"), in the
     * body's order; empty when absent.
     */
    public java.util.Map<String, String> stringMap(String field) {
        JsonElement e = object.get(field);
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        if (e == null || e.isJsonNull()) {
            return out;
        }
        if (!e.isJsonObject()) {
            throw HttpException.badRequest("field '" + field + "' must be an object of strings");
        }
        for (java.util.Map.Entry<String, JsonElement> entry :
                e.getAsJsonObject().entrySet()) {
            JsonElement v = entry.getValue();
            if (v.isJsonNull()) {
                out.put(entry.getKey(), null);
            } else if (v.isJsonPrimitive() && v.getAsJsonPrimitive().isString()) {
                out.put(entry.getKey(), v.getAsString());
            } else {
                throw HttpException.badRequest("field '" + field + "." + entry.getKey() + "' must be a string or null");
            }
        }
        return out;
    }

    private JsonPrimitive primitive(String field) {
        JsonElement e = object.get(field);
        if (e == null || e.isJsonNull()) {
            return null;
        }
        if (!e.isJsonPrimitive()) {
            throw HttpException.badRequest("field '" + field + "' must be a string, number or boolean");
        }
        return e.getAsJsonPrimitive();
    }
}
