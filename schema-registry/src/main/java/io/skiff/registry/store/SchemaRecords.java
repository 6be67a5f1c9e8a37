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
package io.skiff.registry.store;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.skiff.http.Json;
import io.skiff.registry.schema.SchemaType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys and values of the {@code _schemas} topic in Confluent's layout, so that tools that read Confluent's topic
 * read Skiff's: keys {@code {"keytype":"SCHEMA","subject":"s","version":1,"magic":1}} (and CONFIG, MODE with a null
 * subject for the global setting), JSON values, a null value to delete. Stateless.
 */
public final class SchemaRecords {
    private SchemaRecords() {}

    /** One record of the topic. {@code value} null is a tombstone. */
    public record Entry(byte[] key, byte[] value) {}

    public static Entry schema(SchemaVersion v) {
        JsonObject value = new JsonObject();
        value.addProperty("subject", v.subject());
        value.addProperty("version", v.version());
        value.addProperty("id", v.id());
        if (v.type() != SchemaType.AVRO) {
            value.addProperty("schemaType", v.type().name());
        }
        if (!v.references().isEmpty()) {
            JsonArray refs = new JsonArray();
            for (Reference r : v.references()) {
                JsonObject ref = new JsonObject();
                ref.addProperty("name", r.name());
                ref.addProperty("subject", r.subject());
                ref.addProperty("version", r.version());
                refs.add(ref);
            }
            value.add("references", refs);
        }
        value.addProperty("schema", v.schema());
        value.addProperty("deleted", v.deleted());
        return new Entry(schemaKey(v.subject(), v.version()), bytes(value));
    }

    public static Entry schemaTombstone(String subject, int version) {
        return new Entry(schemaKey(subject, version), null);
    }

    /** A compatibility level; {@code subject} null for the global one, {@code level} null to delete. */
    public static Entry config(String subject, String level) {
        JsonObject value = null;
        if (level != null) {
            value = new JsonObject();
            value.addProperty("compatibilityLevel", level);
        }
        return new Entry(key("CONFIG", subject, null, 0), value == null ? null : bytes(value));
    }

    /** A mode; {@code subject} null for the global one, {@code mode} null to delete. */
    public static Entry mode(String subject, String mode) {
        JsonObject value = null;
        if (mode != null) {
            value = new JsonObject();
            value.addProperty("mode", mode);
        }
        return new Entry(key("MODE", subject, null, 0), value == null ? null : bytes(value));
    }

    /** Confluent's marker of a soft-deleted subject: its versions up to {@code version} are deleted. */
    public static Entry deleteSubject(String subject, int version) {
        JsonObject value = new JsonObject();
        value.addProperty("subject", subject);
        value.addProperty("version", version);
        return new Entry(key("DELETE_SUBJECT", subject, null, 0), bytes(value));
    }

    /** Reads a SCHEMA value. */
    static SchemaVersion readSchema(JsonObject v) {
        List<Reference> references = new ArrayList<>();
        JsonElement refs = v.get("references");
        if (refs != null && refs.isJsonArray()) {
            for (JsonElement e : refs.getAsJsonArray()) {
                JsonObject r = e.getAsJsonObject();
                references.add(new Reference(
                        r.get("name").getAsString(),
                        r.get("subject").getAsString(),
                        r.get("version").getAsInt()));
            }
        }
        JsonElement type = v.get("schemaType");
        JsonElement deleted = v.get("deleted");
        return new SchemaVersion(
                v.get("subject").getAsString(),
                v.get("version").getAsInt(),
                v.get("id").getAsInt(),
                SchemaType.of(type == null || type.isJsonNull() ? null : type.getAsString()),
                v.get("schema").getAsString(),
                references,
                deleted != null && !deleted.isJsonNull() && deleted.getAsBoolean());
    }

    static JsonObject parse(byte[] bytes) {
        return JsonParser.parseString(new String(bytes, StandardCharsets.UTF_8)).getAsJsonObject();
    }

    private static byte[] schemaKey(String subject, int version) {
        return key("SCHEMA", subject, version, 1);
    }

    private static byte[] key(String keyType, String subject, Integer version, int magic) {
        JsonObject key = new JsonObject();
        key.addProperty("keytype", keyType);
        key.addProperty("subject", subject);
        if (version != null) {
            key.addProperty("version", version);
        }
        key.addProperty("magic", magic);
        return bytes(key);
    }

    private static byte[] bytes(JsonObject json) {
        return Json.write(json).getBytes(StandardCharsets.UTF_8);
    }
}
