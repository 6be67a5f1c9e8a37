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
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaException;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.SpecVersionDetector;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.resource.AllowSchemaLoader;
import com.networknt.schema.resource.MapSchemaLoader;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A JSON Schema, parsed by Jackson and checked against its draft's meta-schema by networknt's validator (draft 7
 * unless {@code $schema} names another). Compatibility follows Confluent's JSON Schema rules: types, properties of
 * open and closed content models, additional properties, required properties, enums, array items, number ranges,
 * string, array and object sizes, patterns, multipleOf, oneOf/anyOf/allOf branches (see docs/schema-registry.md for
 * what is not compared). Immutable.
 */
final class JsonSchema implements ParsedSchema {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> UPPER_BOUNDS =
            List.of("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties");
    private static final List<String> LOWER_BOUNDS =
            List.of("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties");

    private final JsonNode root;
    private final String canonical;
    private final JsonReferences references;

    private JsonSchema(JsonNode root, String canonical, JsonReferences references) {
        this.root = root;
        this.canonical = canonical;
        this.references = references;
    }

    /** Parses {@code text}; the JSON schemas among {@code references} are those its {@code $ref}s may name. */
    static JsonSchema parse(String text, Map<String, ParsedSchema> referenced) {
        JsonReferences references = JsonReferences.of(referenced);
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
            checkAgainstMetaSchema(node, references);
        }
        try {
            return new JsonSchema(node, JSON.writeValueAsString(node), references);
        } catch (JsonProcessingException e) {
            throw new InvalidSchemaException("Invalid JSON Schema: " + e.getOriginalMessage(), e);
        }
    }

    private static void checkAgainstMetaSchema(JsonNode node, JsonReferences references) {
        SpecVersion.VersionFlag draft;
        try {
            draft = SpecVersionDetector.detectOptionalVersion(node, false).orElse(SpecVersion.VersionFlag.V7);
        } catch (JsonSchemaException e) {
            throw new InvalidSchemaException("Invalid JSON Schema: " + e.getMessage(), e);
        }
        URI base = JsonReferences.base(node, JsonReferences.DEFAULT_BASE);
        // $refs to other documents load the schema's references and nothing else (never from the network)
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(
                draft,
                b -> b.schemaLoaders(loaders -> loaders.values(list -> {
                    list.add(0, new MapSchemaLoader((String iri) -> references.text(iri, base)));
                    list.add(1, new AllowSchemaLoader(iri -> iri.toString().startsWith("classpath:")));
                })));
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
            // unresolvable $refs and the like
            factory.getSchema(SchemaLocation.of(JsonReferences.DEFAULT_BASE + "schema.json"), node)
                    .initializeValidators();
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
        JsonSchema written = (JsonSchema) writer;
        compare(withRefs(root, references), withRefs(written.root, written.references), "#", out);
        return out;
    }

    /** How many {@code $ref}s deep a recursive schema is unfolded before the rest compares as the {@code $ref} text. */
    private static final int REF_DEPTH = 8;

    /**
     * A copy of a schema with each {@code $ref} replaced by what it points to, so that a change inside a definition is
     * compared where it is used: local ones ({@code #/definitions/X}, {@code #/$defs/X}, any JSON pointer into the same
     * document) and those naming a referenced schema (by the reference's name or the IRI it resolves to, with or
     * without a pointer into it). Keywords beside a {@code $ref} are kept where the target lacks them. Recursive
     * schemas unfold {@value #REF_DEPTH} levels. A {@code $ref} to none of these stays as text.
     */
    static JsonNode withRefs(JsonNode root, JsonReferences references) {
        return inline(new Document(root, JsonReferences.base(root, JsonReferences.DEFAULT_BASE), references), root, 0);
    }

    /** A schema document being inlined: its root (what local pointers mean), base IRI and references. */
    private record Document(JsonNode root, URI base, JsonReferences references) {

        /** What {@code ref} points to, with the document it is in; null when it points nowhere known. */
        Target target(String ref) {
            int hash = ref.indexOf('#');
            String location = hash < 0 ? ref : ref.substring(0, hash);
            String pointer = hash < 0 ? "" : ref.substring(hash + 1);
            if (!pointer.isEmpty() && !pointer.startsWith("/")) {
                return null; // an anchor name, not a pointer
            }
            Document in = this;
            if (!location.isEmpty()) {
                JsonSchema other = references.document(location, base);
                if (other == null) {
                    return null;
                }
                in = new Document(
                        other.root, JsonReferences.base(other.root, JsonReferences.locate(base, location)), references);
            }
            JsonNode node = in.root.at(pointer);
            return node.isMissingNode() ? null : new Target(in, node);
        }
    }

    private record Target(Document document, JsonNode node) {}

    private static JsonNode inline(Document doc, JsonNode node, int depth) {
        if (node.isArray()) {
            ArrayNode out = JSON.createArrayNode();
            node.forEach(item -> out.add(inline(doc, item, depth)));
            return out;
        }
        if (!node.isObject()) {
            return node;
        }
        JsonNode ref = node.get("$ref");
        Target target = ref != null && ref.isTextual() && depth < REF_DEPTH ? doc.target(ref.asText()) : null;
        if (target != null) {
            JsonNode inlined = inline(target.document(), target.node(), depth + 1);
            if (inlined.isObject()) {
                ObjectNode merged = ((ObjectNode) inlined).deepCopy();
                node.fields().forEachRemaining(e -> {
                    if (!e.getKey().equals("$ref") && !merged.has(e.getKey())) {
                        merged.set(e.getKey(), inline(doc, e.getValue(), depth));
                    }
                });
                return merged;
            }
            return inlined;
        }
        ObjectNode out = JSON.createObjectNode();
        node.fields()
                .forEachRemaining(e -> out.set(
                        e.getKey(),
                        e.getKey().equals("definitions") || e.getKey().equals("$defs")
                                ? e.getValue() // compared where they are used
                                : inline(doc, e.getValue(), depth)));
        return out;
    }

    /** Whether every value valid against {@code writer} at {@code path} is valid against {@code reader}. */
    static void compare(JsonNode reader, JsonNode writer, String path, List<String> out) {
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
        compareBounds(reader, writer, path, out);
        compareProperties(reader, writer, path, out);
        compareAdditionalProperties(reader, writer, path, out);
        JsonKeywords.compareConst(reader, writer, path, out);
        JsonKeywords.compareItems(reader, writer, path, out);
        JsonKeywords.compareDependencies(reader, writer, path, out);
        JsonKeywords.compareNot(reader, writer, path, out);
        compareCombined(reader, writer, path, out);
    }

    /** Limits on numbers, strings, arrays and objects: the reader's may only be absent or wider than the writer's. */
    private static void compareBounds(JsonNode reader, JsonNode writer, String path, List<String> out) {
        for (String upper : UPPER_BOUNDS) {
            bound(reader, writer, upper, path, out, 1);
        }
        for (String lower : LOWER_BOUNDS) {
            bound(reader, writer, lower, path, out, -1);
        }
        JsonNode pattern = reader.get("pattern");
        if (pattern != null && !pattern.equals(writer.get("pattern"))) {
            out.add(problem(
                    writer.has("pattern") ? "PATTERN_CHANGED" : "PATTERN_ADDED",
                    path + "/pattern",
                    "the pattern " + pattern + " was " + (writer.has("pattern") ? "changed" : "added")));
        }
        JsonNode multipleOf = reader.get("multipleOf");
        if (multipleOf != null && multipleOf.isNumber()) {
            JsonNode was = writer.get("multipleOf");
            if (was == null || !was.isNumber()) {
                out.add(problem("MULTIPLE_OF_ADDED", path + "/multipleOf", "multipleOf " + multipleOf + " was added"));
            } else if (multipleOf.decimalValue().signum() != 0
                    && was.decimalValue().remainder(multipleOf.decimalValue()).signum() != 0) {
                out.add(problem(
                        "MULTIPLE_OF_CHANGED",
                        path + "/multipleOf",
                        "multipleOf changed from " + was + " to " + multipleOf));
            }
        }
        if (reader.path("uniqueItems").asBoolean(false)
                && !writer.path("uniqueItems").asBoolean(false)) {
            out.add(problem("UNIQUE_ITEMS_ADDED", path + "/uniqueItems", "uniqueItems was added"));
        }
    }

    /**
     * One limit: a problem when the reader has it and the writer has none ({@code _ADDED}) or a wider one
     * ({@code direction} 1 for upper limits, -1 for lower ones).
     */
    private static void bound(
            JsonNode reader, JsonNode writer, String key, String path, List<String> out, int direction) {
        JsonNode now = reader.get(key);
        if (now == null || !now.isNumber()) {
            return;
        }
        JsonNode was = writer.get(key);
        String name = key.replaceAll("([A-Z])", "_$1").toUpperCase(Locale.ROOT);
        if (was == null || !was.isNumber()) {
            out.add(problem(name + "_ADDED", path + "/" + key, key + " " + now + " was added"));
        } else if (was.decimalValue().compareTo(now.decimalValue()) * direction > 0) {
            out.add(problem(
                    name + (direction > 0 ? "_DECREASED" : "_INCREASED"),
                    path + "/" + key,
                    key + " changed from " + was + " to " + now));
        }
    }

    /** Open to closed content model, or additional properties narrowed to a schema. */
    private static void compareAdditionalProperties(JsonNode reader, JsonNode writer, String path, List<String> out) {
        JsonNode now = reader.get("additionalProperties");
        if (now == null || (now.isBoolean() && now.asBoolean())) {
            return;
        }
        JsonNode was = writer.get("additionalProperties");
        String at = path + "/additionalProperties";
        if (closed(reader)) {
            if (!closed(writer)) {
                out.add(problem("ADDITIONAL_PROPERTIES_REMOVED", at, "the content model was closed"));
            }
        } else if (was == null || (was.isBoolean() && was.asBoolean())) {
            out.add(problem("ADDITIONAL_PROPERTIES_NARROWED", at, "additional properties were narrowed to " + now));
        } else if (!closed(writer)) {
            compare(now, was, at, out);
        }
    }

    /**
     * {@code oneOf}/{@code anyOf}: every branch the writer allows must be read by one of the reader's branches (a
     * schema without the keyword is one branch); {@code anyOf} to {@code oneOf} is refused. {@code allOf}: each of the
     * reader's parts must read one of the writer's.
     */
    private static void compareCombined(JsonNode reader, JsonNode writer, String path, List<String> out) {
        String readerSum = sumKeyword(reader);
        String writerSum = sumKeyword(writer);
        if (readerSum != null || writerSum != null) {
            if ("oneOf".equals(readerSum) && "anyOf".equals(writerSum)) {
                out.add(problem("COMBINED_TYPE_CHANGED", path + "/oneOf", "anyOf became oneOf"));
            }
            List<JsonNode> readerBranches = branches(reader, readerSum);
            List<JsonNode> writerBranches = branches(writer, writerSum);
            for (int i = 0; i < writerBranches.size(); i++) {
                if (!anyReads(readerBranches, writerBranches.get(i), path)) {
                    out.add(problem(
                            writerSum == null ? "COMBINED_TYPE_SUBSCHEMAS_CHANGED" : "SUM_TYPE_NARROWED",
                            path + "/" + (writerSum == null ? "" : writerSum + "/" + i),
                            "no branch of the new schema reads " + writerBranches.get(i)));
                }
            }
        }
        JsonNode readerAll = reader.get("allOf");
        if (readerAll != null && readerAll.isArray()) {
            List<JsonNode> writerParts = branches(writer, writer.has("allOf") ? "allOf" : null);
            for (int i = 0; i < readerAll.size(); i++) {
                JsonNode part = readerAll.get(i);
                if (writerParts.stream().noneMatch(w -> problems(part, w, path).isEmpty())) {
                    out.add(problem("PRODUCT_TYPE_EXTENDED", path + "/allOf/" + i, "the part " + part + " was added"));
                }
            }
        }
    }

    private static String sumKeyword(JsonNode schema) {
        return schema.has("oneOf") ? "oneOf" : schema.has("anyOf") ? "anyOf" : null;
    }

    /** The schemas under {@code keyword}, or the schema itself without the combining keywords when it has none. */
    private static List<JsonNode> branches(JsonNode schema, String keyword) {
        List<JsonNode> out = new ArrayList<>();
        if (keyword != null && schema.get(keyword).isArray()) {
            schema.get(keyword).forEach(out::add);
        } else {
            ObjectNode copy = ((ObjectNode) schema).deepCopy();
            copy.remove(List.of("oneOf", "anyOf", "allOf"));
            out.add(copy);
        }
        return out;
    }

    private static boolean anyReads(List<JsonNode> readers, JsonNode writer, String path) {
        return readers.stream().anyMatch(r -> problems(r, writer, path).isEmpty());
    }

    static List<String> problems(JsonNode reader, JsonNode writer, String path) {
        List<String> found = new ArrayList<>();
        compare(reader, writer, path, found);
        return found;
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
            String at = path + "/properties/" + name;
            JsonNode was = writerProps.get(name);
            if (readerProps.has(name)) {
                compare(readerProps.get(name), was, at, out);
            } else if (JsonKeywords.comparePartiallyOpen(reader, writer, name, null, was, at, out)) {
                continue;
            } else if (closed(reader) && !(was.isBoolean() && !was.asBoolean())) {
                out.add(problem(
                        "PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL",
                        path + "/properties/" + name,
                        "the property '" + name + "' was removed from a closed content model"));
            }
        }
        for (Iterator<String> it = readerProps.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            JsonNode now = readerProps.get(name);
            String at = path + "/properties/" + name;
            if (writerProps.has(name) || JsonKeywords.comparePartiallyOpen(reader, writer, name, now, null, at, out)) {
                continue;
            }
            boolean accepting = (now.isBoolean() && now.asBoolean()) || (now.isObject() && now.isEmpty());
            if (!closed(writer) && !accepting) {
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

    static String problem(String type, String path, String description) {
        return "{errorType:'" + type + "', description:'At path '" + path + "' " + description + "'}";
    }

    @Override
    public String toString() {
        return canonical;
    }
}
