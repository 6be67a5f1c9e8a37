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
package io.skiff.registry.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaException;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.SpecVersionDetector;
import com.networknt.schema.ValidationMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A JSON Schema, parsed by Jackson and checked against its draft's meta-schema by networknt's validator (draft 7
 * unless {@code $schema} names another). Compatibility follows Confluent's main JSON Schema rules: types,
 * properties of open and closed content models, required properties, enums and array items (see
 * docs/schema-registry.md for what is not compared). Immutable.
 */
final class JsonSchema implements ParsedSchema {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonNode root;
    private final String canonical;

    private JsonSchema(JsonNode root, String canonical) {
        this.root = root;
        this.canonical = canonical;
    }

    static JsonSchema parse(String text) {
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InvalidSchemaException("Invalid JSON Schema: not JSON: " + e.getOriginalMessage(), e);
        }
        if (node == null || !(node.isObject() || node.isBoolean())) {
            throw new InvalidSchemaException("Invalid JSON Schema: a schema is a JSON object or a boolean");
        }
        if (node.isObject()) {
            checkAgainstMetaSchema(node);
        }
        try {
            return new JsonSchema(node, JSON.writeValueAsString(node));
        } catch (JsonProcessingException e) {
            throw new InvalidSchemaException("Invalid JSON Schema: " + e.getOriginalMessage(), e);
        }
    }

    private static void checkAgainstMetaSchema(JsonNode node) {
        SpecVersion.VersionFlag draft;
        try {
            draft = SpecVersionDetector.detectOptionalVersion(node, false).orElse(SpecVersion.VersionFlag.V7);
        } catch (JsonSchemaException e) {
            throw new InvalidSchemaException("Invalid JSON Schema: " + e.getMessage(), e);
        }
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(draft);
        Set<ValidationMessage> problems =
                factory.getSchema(SchemaLocation.of(draft.getId())).validate(node);
        if (!problems.isEmpty()) {
            throw new InvalidSchemaException("Invalid JSON Schema: "
                    + problems.stream()
                            .map(ValidationMessage::getMessage)
                            .sorted()
                            .collect(Collectors.joining("; ")));
        }
        try {
            factory.getSchema(node).initializeValidators(); // unresolvable local $refs and the like
        } catch (RuntimeException e) {
            throw new InvalidSchemaException("Invalid JSON Schema: " + e.getMessage(), e);
        }
    }

    @Override
    public SchemaType type() {
        return SchemaType.JSON;
    }

    @Override
    public String canonical() {
        return canonical;
    }

    @Override
    public List<String> readProblems(ParsedSchema writer) {
        List<String> out = new ArrayList<>();
        compare(root, ((JsonSchema) writer).root, "#", out);
        return out;
    }

    /** Whether every value valid against {@code writer} at {@code path} is valid against {@code reader}. */
    private static void compare(JsonNode reader, JsonNode writer, String path, List<String> out) {
        if (!reader.isObject() || !writer.isObject()) {
            if (reader.isBoolean() && reader.asBoolean()) {
                return; // true accepts everything
            }
            if (!reader.equals(writer)) {
                out.add(problem("TYPE_CHANGED", path, "the schema changed from " + writer + " to " + reader));
            }
            return;
        }
        Set<String> readerTypes = types(reader);
        Set<String> writerTypes = types(writer);
        if (!readerTypes.isEmpty()) {
            Set<String> missing = new HashSet<>(writerTypes.isEmpty() ? Set.of("any") : writerTypes);
            missing.removeAll(readerTypes);
            if (readerTypes.contains("number")) {
                missing.remove("integer"); // number accepts integers
            }
            if (!missing.isEmpty()) {
                out.add(problem("TYPE_CHANGED", path, "type " + writerTypes + " became " + readerTypes));
                return;
            }
        }
        if (reader.has("enum")) {
            Set<JsonNode> allowed = new HashSet<>();
            reader.get("enum").forEach(allowed::add);
            if (!writer.has("enum")) {
                out.add(problem("ENUM_ARRAY_CHANGED", path, "an enum was added"));
            } else {
                for (JsonNode value : writer.get("enum")) {
                    if (!allowed.contains(value)) {
                        out.add(problem("ENUM_ARRAY_NARROWED", path, "the value " + value + " was removed"));
                    }
                }
            }
        }
        compareProperties(reader, writer, path, out);
        if (reader.has("items") && writer.has("items")) {
            compare(reader.get("items"), writer.get("items"), path + "/items", out);
        }
    }

    private static void compareProperties(JsonNode reader, JsonNode writer, String path, List<String> out) {
        JsonNode readerProps = reader.path("properties");
        JsonNode writerProps = writer.path("properties");
        Set<String> writerRequired = strings(writer.path("required"));
        for (String name : strings(reader.path("required"))) {
            if (!writerRequired.contains(name)) {
                out.add(problem(
                        "REQUIRED_ATTRIBUTE_ADDED", path + "/required", "the property '" + name + "' became required"));
            }
        }
        for (Iterator<String> it = writerProps.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (readerProps.has(name)) {
                compare(readerProps.get(name), writerProps.get(name), path + "/properties/" + name, out);
            } else if (closed(reader)) {
                out.add(problem(
                        "PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL",
                        path + "/properties/" + name,
                        "the property '" + name + "' was removed from a closed content model"));
            }
        }
        for (Iterator<String> it = readerProps.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!writerProps.has(name) && !closed(writer)) {
                out.add(problem(
                        "PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL",
                        path + "/properties/" + name,
                        "the property '" + name + "' was added to an open content model"));
            }
        }
    }

    /** No properties beyond those listed: {@code additionalProperties: false}. */
    private static boolean closed(JsonNode schema) {
        JsonNode additional = schema.get("additionalProperties");
        return additional != null && additional.isBoolean() && !additional.asBoolean();
    }

    private static Set<String> types(JsonNode schema) {
        JsonNode type = schema.get("type");
        if (type == null) {
            return Set.of();
        }
        return type.isArray() ? strings(type) : Set.of(type.asText());
    }

    private static Set<String> strings(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String problem(String type, String path, String description) {
        return "{errorType:'" + type + "', description:'At path '" + path + "' " + description + "'}";
    }

    @Override
    public String toString() {
        return canonical;
    }
}
