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

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The JSON Schema keywords compared beside types, properties and bounds ({@link JsonSchema}): {@code const},
 * {@code not}, {@code dependencies}/{@code dependentRequired}/{@code dependentSchemas}, tuples ({@code prefixItems}, or
 * {@code items} as an array, with {@code additionalItems}) and the partially open content models of
 * {@code patternProperties}, by the rules and error types of Confluent's JSON Schema diff. Each method adds the
 * problems of reading data written with {@code writer} using {@code reader}. Stateless.
 */
final class JsonKeywords {
    private JsonKeywords() {}

    /** A {@code const} the reader has must be the writer's (or the writer's single-value enum). */
    static void compareConst(JsonNode reader, JsonNode writer, String path, List<String> out) {
        JsonNode now = reader.get("const");
        if (now == null) {
            return;
        }
        JsonNode was = writer.get("const");
        JsonNode wasEnum = writer.get("enum");
        boolean same = now.equals(was) || (wasEnum != null && wasEnum.size() == 1 && now.equals(wasEnum.get(0)));
        if (!same) {
            out.add(JsonSchema.problem(
                    "ENUM_ARRAY_CHANGED",
                    path + "/const",
                    "the constant " + now + (was == null ? " was added" : " replaced " + was)));
        }
    }

    /**
     * {@code not}: the reader may exclude only values the writer excluded ({@code NOT_TYPE_EXTENDED} otherwise), the
     * two compared the other way round; one added where there was none changes the type.
     */
    static void compareNot(JsonNode reader, JsonNode writer, String path, List<String> out) {
        JsonNode now = reader.get("not");
        if (now == null) {
            return;
        }
        JsonNode was = writer.get("not");
        if (was == null) {
            out.add(JsonSchema.problem("TYPE_CHANGED", path + "/not", "not " + now + " was added"));
        } else if (!JsonSchema.problems(was, now, path + "/not").isEmpty()) {
            out.add(JsonSchema.problem(
                    "NOT_TYPE_EXTENDED", path + "/not", "not changed from " + was + " to " + now + ", excluding more"));
        }
    }

    /**
     * Property dependencies: an array (or {@code dependentRequired}) the reader adds or extends is refused, one it
     * narrows or drops is not; a dependent schema the reader adds is refused, one both have is compared.
     */
    static void compareDependencies(JsonNode reader, JsonNode writer, String path, List<String> out) {
        Map<String, JsonNode> readerDeps = dependencies(reader);
        Map<String, JsonNode> writerDeps = dependencies(writer);
        for (Map.Entry<String, JsonNode> e : readerDeps.entrySet()) {
            String at = path + "/dependencies/" + e.getKey();
            JsonNode now = e.getValue();
            JsonNode was = writerDeps.get(e.getKey());
            if (now.isArray()) {
                Set<String> required = strings(now);
                if (was == null || !was.isArray()) {
                    out.add(JsonSchema.problem("DEPENDENCY_ARRAY_ADDED", at, "the dependency " + now + " was added"));
                } else if (!strings(was).containsAll(required)) {
                    boolean extended = required.containsAll(strings(was));
                    out.add(JsonSchema.problem(
                            extended ? "DEPENDENCY_ARRAY_EXTENDED" : "DEPENDENCY_ARRAY_CHANGED",
                            at,
                            "the dependency changed from " + was + " to " + now));
                }
            } else if (was == null || was.isArray()) {
                out.add(JsonSchema.problem(
                        "DEPENDENCY_SCHEMA_ADDED", at, "the dependent schema " + now + " was added"));
            } else {
                JsonSchema.compare(now, was, at, out);
            }
        }
    }

    private static Map<String, JsonNode> dependencies(JsonNode schema) {
        Map<String, JsonNode> out = new java.util.TreeMap<>();
        for (String keyword : List.of("dependencies", "dependentRequired", "dependentSchemas")) {
            JsonNode deps = schema.get(keyword);
            if (deps != null && deps.isObject()) {
                deps.fields().forEachRemaining(e -> out.putIfAbsent(e.getKey(), e.getValue()));
            }
        }
        return out;
    }

    /**
     * Arrays: the single {@code items} schema, or a tuple ({@code prefixItems}, or {@code items} as an array) compared
     * position by position, positions one side lacks against the other side's schema for further items
     * ({@code additionalItems}, or {@code items} beside {@code prefixItems}).
     */
    static void compareItems(JsonNode reader, JsonNode writer, String path, List<String> out) {
        JsonNode readerTuple = tuple(reader);
        JsonNode writerTuple = tuple(writer);
        if (readerTuple == null && writerTuple == null) {
            JsonNode now = reader.get("items");
            JsonNode was = writer.get("items");
            if (now != null && was != null) {
                JsonSchema.compare(now, was, path + "/items", out);
            }
            return;
        }
        String tupleKeyword = reader.has("prefixItems") ? "prefixItems" : "items";
        int readerSize = readerTuple == null ? 0 : readerTuple.size();
        int writerSize = writerTuple == null ? 0 : writerTuple.size();
        JsonNode readerRest = rest(reader);
        JsonNode writerRest = rest(writer);
        for (int i = 0; i < Math.max(readerSize, writerSize); i++) {
            String at = path + "/" + tupleKeyword + "/" + i;
            if (i < readerSize && i < writerSize) {
                JsonSchema.compare(readerTuple.get(i), writerTuple.get(i), at, out);
            } else if (i < writerSize) { // the reader reads this position with its schema for further items
                JsonNode item = writerTuple.get(i);
                if (isFalse(readerRest)) {
                    if (!isFalse(item)) {
                        out.add(JsonSchema.problem(
                                "ITEM_REMOVED_FROM_CLOSED_CONTENT_MODEL",
                                at,
                                "the item was removed from a closed tuple"));
                    }
                } else if (!isOpen(readerRest)
                        && !JsonSchema.problems(readerRest, item, at).isEmpty()) {
                    out.add(JsonSchema.problem(
                            "ITEM_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                            at,
                            "the removed item is not read by " + readerRest));
                }
            } else { // the writer wrote this position with its schema for further items
                JsonNode item = readerTuple.get(i);
                if (isOpen(writerRest)) {
                    if (!isOpen(item)) {
                        out.add(JsonSchema.problem(
                                "ITEM_ADDED_TO_OPEN_CONTENT_MODEL", at, "the item was added to an open tuple"));
                    }
                } else if (!isFalse(writerRest)
                        && !JsonSchema.problems(item, writerRest, at).isEmpty()) {
                    out.add(JsonSchema.problem(
                            "ITEM_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                            at,
                            "the added item does not read " + writerRest));
                }
            }
        }
        String at = path + "/" + (reader.has("prefixItems") ? "items" : "additionalItems");
        if (isFalse(readerRest)) {
            if (!isFalse(writerRest)) {
                out.add(JsonSchema.problem("ADDITIONAL_ITEMS_REMOVED", at, "further items were forbidden"));
            }
        } else if (!isOpen(readerRest) && !isFalse(writerRest)) {
            if (isOpen(writerRest)) {
                out.add(JsonSchema.problem(
                        "ADDITIONAL_ITEMS_NARROWED", at, "further items were narrowed to " + readerRest));
            } else {
                JsonSchema.compare(readerRest, writerRest, at, out);
            }
        }
    }

    /** The tuple's item schemas, or null when the schema is no tuple. */
    private static JsonNode tuple(JsonNode schema) {
        JsonNode prefix = schema.get("prefixItems");
        if (prefix != null && prefix.isArray()) {
            return prefix;
        }
        JsonNode items = schema.get("items");
        return items != null && items.isArray() ? items : null;
    }

    /** The schema of items after the tuple; null when any item may follow. */
    private static JsonNode rest(JsonNode schema) {
        return schema.has("prefixItems") ? schema.get("items") : schema.get("additionalItems");
    }

    /**
     * Properties one side lacks, when the other has {@code patternProperties} or an {@code additionalProperties}
     * schema (a partially open content model): a property the reader dropped must be read by the reader's matching
     * schema, one it added must read what the writer's matching schema allowed. True when this applied (the closed
     * and open content model rules of {@link JsonSchema} apply otherwise).
     */
    static boolean comparePartiallyOpen(
            JsonNode reader,
            JsonNode writer,
            String name,
            JsonNode readerProp,
            JsonNode writerProp,
            String path,
            List<String> out) {
        if (readerProp == null) {
            JsonNode cover = coveringSchema(reader, name);
            if (cover == null) {
                return false;
            }
            if (!JsonSchema.problems(cover, writerProp, path).isEmpty()) {
                out.add(JsonSchema.problem(
                        "PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                        path,
                        "the removed property '" + name + "' is not read by " + cover));
            }
            return true;
        }
        JsonNode cover = coveringSchema(writer, name);
        if (cover == null) {
            return false;
        }
        if (!JsonSchema.problems(readerProp, cover, path).isEmpty()) {
            out.add(JsonSchema.problem(
                    "PROPERTY_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                    path,
                    "the added property '" + name + "' does not read " + cover));
        }
        return true;
    }

    /** The schema a property not listed in {@code properties} gets: a matching pattern's, else additionalProperties'. */
    private static JsonNode coveringSchema(JsonNode schema, String name) {
        JsonNode patterns = schema.get("patternProperties");
        if (patterns != null && patterns.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = patterns.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                try {
                    if (Pattern.compile(e.getKey()).matcher(name).find()) {
                        return e.getValue();
                    }
                } catch (PatternSyntaxException ignored) {
                    // an ECMA pattern Java cannot compile matches nothing here
                }
            }
        }
        JsonNode additional = schema.get("additionalProperties");
        return additional != null && additional.isObject() ? additional : null;
    }

    private static boolean isOpen(JsonNode schema) {
        return schema == null || (schema.isBoolean() && schema.asBoolean()) || (schema.isObject() && schema.isEmpty());
    }

    private static boolean isFalse(JsonNode schema) {
        return schema != null && schema.isBoolean() && !schema.asBoolean();
    }

    private static Set<String> strings(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
