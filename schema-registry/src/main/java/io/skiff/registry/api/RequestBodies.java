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
package io.skiff.registry.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.skiff.registry.schema.InvalidSchemaException;
import io.skiff.registry.schema.SchemaType;
import io.skiff.registry.service.SchemaRequest;
import io.skiff.registry.store.Reference;
import io.skiff.registry.store.RegistryException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads request bodies as Confluent's registry does: malformed JSON is 400 (error code 400), a field of the wrong
 * kind 422 (error code 422), fields it does not know (metadata, ruleSet, ...) are ignored. Stateless.
 */
final class RequestBodies {
    private RequestBodies() {}

    /** {@code {"schema": "...", "schemaType": "AVRO", "references": [...], "id": 1, "version": 1}}. */
    static SchemaRequest schema(String body) {
        JsonObject o = object(body);
        String schema = string(o, "schema");
        if (schema == null || schema.isEmpty()) {
            throw RegistryException.invalidSchema("Empty schema");
        }
        SchemaType type;
        try {
            type = SchemaType.of(string(o, "schemaType"));
        } catch (InvalidSchemaException e) {
            throw RegistryException.invalidSchema(e.getMessage());
        }
        List<Reference> references = new ArrayList<>();
        JsonElement refs = o.get("references");
        if (refs != null && !refs.isJsonNull()) {
            if (!refs.isJsonArray()) {
                throw RegistryException.unprocessable("references must be an array");
            }
            for (JsonElement e : refs.getAsJsonArray()) {
                if (!e.isJsonObject()) {
                    throw RegistryException.unprocessable("each reference is an object of name, subject, version");
                }
                JsonObject r = e.getAsJsonObject();
                String name = string(r, "name");
                String subject = string(r, "subject");
                Integer version = integer(r, "version");
                if (name == null || subject == null || version == null) {
                    throw RegistryException.invalidSchema(
                            "Invalid schema: a reference needs a name, a subject and a" + " version");
                }
                references.add(new Reference(name, subject, version));
            }
        }
        return new SchemaRequest(schema, type, references, integer(o, "id"), integer(o, "version"));
    }

    /** {@code {"compatibility": "FULL"}} (also {@code compatibilityLevel}). */
    static String compatibility(String body) {
        JsonObject o = object(body);
        String level = string(o, "compatibility");
        if (level == null) {
            level = string(o, "compatibilityLevel");
        }
        if (level == null) {
            throw RegistryException.invalidCompatibility(null);
        }
        return level;
    }

    /** {@code {"mode": "READONLY"}}. */
    static String mode(String body) {
        return string(object(body), "mode");
    }

    private static JsonObject object(String body) {
        if (body == null || body.isBlank()) {
            throw RegistryException.badRequest("The request body is empty: a JSON object is expected");
        }
        JsonElement e;
        try {
            e = JsonParser.parseString(body);
        } catch (JsonParseException ex) {
            throw RegistryException.badRequest(
                    "Malformed JSON: " + (ex.getCause() != null ? ex.getCause().getMessage() : ex.getMessage()));
        }
        if (!e.isJsonObject()) {
            throw RegistryException.unprocessable("The request body must be a JSON object");
        }
        return e.getAsJsonObject();
    }

    private static String string(JsonObject o, String field) {
        JsonElement e = o.get(field);
        if (e == null || e.isJsonNull()) {
            return null;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw RegistryException.unprocessable("Field '" + field + "' must be a string");
        }
        return e.getAsString();
    }

    private static Integer integer(JsonObject o, String field) {
        JsonElement e = o.get(field);
        if (e == null || e.isJsonNull()) {
            return null;
        }
        try {
            return e.getAsJsonPrimitive().getAsBigDecimal().intValueExact();
        } catch (RuntimeException ex) {
            throw RegistryException.unprocessable("Field '" + field + "' must be a whole number");
        }
    }
}
