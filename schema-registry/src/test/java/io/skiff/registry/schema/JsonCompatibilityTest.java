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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The JSON Schema changes Confluent's registry classifies beyond types and properties: ranges, sizes, patterns,
 * content models and combined schemas, each registered under BACKWARD (the new schema must accept every value the
 * old one accepted). An empty error type means compatible.
 */
class JsonCompatibilityTest {

    @ParameterizedTest(name = "{0} -> {1}: {2}")
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                // number ranges
                "{\"type\":\"number\",\"maximum\":10}|{\"type\":\"number\",\"maximum\":20}|-",
                "{\"type\":\"number\",\"maximum\":10}|{\"type\":\"number\"}|-",
                "{\"type\":\"number\",\"maximum\":10}|{\"type\":\"number\",\"maximum\":5}|MAXIMUM_DECREASED",
                "{\"type\":\"number\"}|{\"type\":\"number\",\"maximum\":5}|MAXIMUM_ADDED",
                "{\"type\":\"number\",\"minimum\":1}|{\"type\":\"number\",\"minimum\":0}|-",
                "{\"type\":\"number\",\"minimum\":1}|{\"type\":\"number\",\"minimum\":2}|MINIMUM_INCREASED",
                "{\"type\":\"number\"}|{\"type\":\"number\",\"exclusiveMinimum\":0}|EXCLUSIVE_MINIMUM_ADDED",
                "{\"type\":\"number\",\"exclusiveMaximum\":9}|{\"type\":\"number\",\"exclusiveMaximum\":8}|EXCLUSIVE_MAXIMUM_DECREASED",
                "{\"type\":\"number\",\"multipleOf\":4}|{\"type\":\"number\",\"multipleOf\":2}|-",
                "{\"type\":\"number\",\"multipleOf\":2}|{\"type\":\"number\",\"multipleOf\":4}|MULTIPLE_OF_CHANGED",
                "{\"type\":\"number\"}|{\"type\":\"number\",\"multipleOf\":0.5}|MULTIPLE_OF_ADDED",
                // string lengths and patterns
                "{\"type\":\"string\",\"maxLength\":5}|{\"type\":\"string\",\"maxLength\":10}|-",
                "{\"type\":\"string\",\"maxLength\":5}|{\"type\":\"string\",\"maxLength\":4}|MAX_LENGTH_DECREASED",
                "{\"type\":\"string\"}|{\"type\":\"string\",\"minLength\":1}|MIN_LENGTH_ADDED",
                "{\"type\":\"string\",\"minLength\":2}|{\"type\":\"string\",\"minLength\":1}|-",
                "{\"type\":\"string\",\"pattern\":\"^a\"}|{\"type\":\"string\"}|-",
                "{\"type\":\"string\"}|{\"type\":\"string\",\"pattern\":\"^a\"}|PATTERN_ADDED",
                "{\"type\":\"string\",\"pattern\":\"^a\"}|{\"type\":\"string\",\"pattern\":\"^b\"}|PATTERN_CHANGED",
                // array and object sizes
                "{\"type\":\"array\",\"maxItems\":3}|{\"type\":\"array\",\"maxItems\":2}|MAX_ITEMS_DECREASED",
                "{\"type\":\"array\"}|{\"type\":\"array\",\"minItems\":1}|MIN_ITEMS_ADDED",
                "{\"type\":\"array\"}|{\"type\":\"array\",\"uniqueItems\":true}|UNIQUE_ITEMS_ADDED",
                "{\"type\":\"array\",\"uniqueItems\":true}|{\"type\":\"array\"}|-",
                "{\"type\":\"object\",\"maxProperties\":3}|{\"type\":\"object\",\"maxProperties\":2}|MAX_PROPERTIES_DECREASED",
                "{\"type\":\"object\"}|{\"type\":\"object\",\"minProperties\":1}|MIN_PROPERTIES_ADDED",
                // open and closed content models
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}|{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"additionalProperties\":false}|ADDITIONAL_PROPERTIES_REMOVED",
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"additionalProperties\":false}|{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}|-",
                "{\"type\":\"object\"}|{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}|ADDITIONAL_PROPERTIES_NARROWED",
                "{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}|{\"type\":\"object\",\"additionalProperties\":{\"type\":\"number\"}}|-",
                "{\"type\":\"object\",\"additionalProperties\":{\"type\":\"number\"}}|{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}|TYPE_CHANGED",
                // oneOf / anyOf / allOf
                "{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"},{\"type\":\"boolean\"}]}|-",
                "{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|{\"oneOf\":[{\"type\":\"string\"}]}|SUM_TYPE_NARROWED",
                "{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|{\"anyOf\":[{\"type\":\"number\"},{\"type\":\"string\"}]}|-",
                "{\"type\":\"string\"}|{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|-",
                "{\"type\":\"boolean\"}|{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|COMBINED_TYPE_SUBSCHEMAS_CHANGED",
                "{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|-",
                "{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|COMBINED_TYPE_CHANGED",
                "{\"allOf\":[{\"type\":\"string\"}]}|{\"allOf\":[{\"type\":\"string\"},{\"type\":\"string\",\"maxLength\":3}]}|PRODUCT_TYPE_EXTENDED",
                "{\"allOf\":[{\"type\":\"string\"},{\"type\":\"string\",\"maxLength\":3}]}|{\"allOf\":[{\"type\":\"string\"}]}|-",
                // local $refs compare what they point to
                "{\"type\":\"object\",\"definitions\":{\"Zip\":{\"type\":\"string\"}},\"properties\":{\"zip\":{\"$ref\":\"#/definitions/Zip\"}}}|{\"type\":\"object\",\"definitions\":{\"Zip\":{\"type\":\"integer\"}},\"properties\":{\"zip\":{\"$ref\":\"#/definitions/Zip\"}}}|TYPE_CHANGED",
                "{\"type\":\"object\",\"$defs\":{\"N\":{\"type\":\"integer\",\"maximum\":9}},\"properties\":{\"n\":{\"$ref\":\"#/$defs/N\"}}}|{\"type\":\"object\",\"$defs\":{\"M\":{\"type\":\"integer\",\"maximum\":8}},\"properties\":{\"n\":{\"$ref\":\"#/$defs/M\"}}}|MAXIMUM_DECREASED",
                "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}|{\"type\":\"object\",\"definitions\":{\"N\":{\"type\":\"number\"}},\"properties\":{\"n\":{\"$ref\":\"#/definitions/N\"}}}|-",
                "{\"type\":\"object\",\"definitions\":{\"T\":{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#/definitions/T\"}}}},\"properties\":{\"t\":{\"$ref\":\"#/definitions/T\"}}}|{\"type\":\"object\",\"definitions\":{\"T\":{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#/definitions/T\"}}}},\"properties\":{\"t\":{\"$ref\":\"#/definitions/T\"}}}|-",
                // const (Confluent: a changed constant is ENUM_ARRAY_CHANGED)
                "{\"type\":\"string\"}|{\"type\":\"string\",\"const\":\"a\"}|ENUM_ARRAY_CHANGED",
                "{\"const\":\"a\"}|{\"const\":\"b\"}|ENUM_ARRAY_CHANGED",
                "{\"const\":\"a\"}|{\"const\":\"a\",\"description\":\"the same\"}|-",
                "{\"type\":\"string\",\"enum\":[\"a\"]}|{\"type\":\"string\",\"const\":\"a\"}|-",
                // format is not compared, as in Confluent's checker
                "{\"type\":\"string\"}|{\"type\":\"string\",\"format\":\"email\"}|-",
                "{\"type\":\"string\",\"format\":\"date\"}|{\"type\":\"string\",\"format\":\"date-time\"}|-",
                // patternProperties: partially open content models
                "{\"type\":\"object\",\"properties\":{\"x_a\":{\"type\":\"integer\"}},\"additionalProperties\":false}|{\"type\":\"object\",\"patternProperties\":{\"^x_\":{\"type\":\"number\"}},\"additionalProperties\":false}|-",
                "{\"type\":\"object\",\"properties\":{\"x_a\":{\"type\":\"string\"}},\"additionalProperties\":false}|{\"type\":\"object\",\"patternProperties\":{\"^x_\":{\"type\":\"number\"}},\"additionalProperties\":false}|PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                "{\"type\":\"object\",\"patternProperties\":{\"^x_\":{\"type\":\"integer\"}}}|{\"type\":\"object\",\"patternProperties\":{\"^x_\":{\"type\":\"integer\"}},\"properties\":{\"x_a\":{\"type\":\"number\"}}}|-",
                "{\"type\":\"object\",\"patternProperties\":{\"^x_\":{\"type\":\"number\"}}}|{\"type\":\"object\",\"patternProperties\":{\"^x_\":{\"type\":\"number\"}},\"properties\":{\"x_a\":{\"type\":\"integer\"}}}|PROPERTY_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                "{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}|{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"},\"properties\":{\"a\":{\"type\":\"string\",\"maxLength\":3}}}|PROPERTY_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                // tuples: items as an array (draft 7) and prefixItems (2020-12)
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"number\"}]}|-",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"number\"}]}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|TYPE_CHANGED",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"}]}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}|ITEM_ADDED_TO_OPEN_CONTENT_MODEL",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"additionalItems\":false}|-",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"additionalItems\":false}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}|ITEM_REMOVED_FROM_CLOSED_CONTENT_MODEL",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"additionalItems\":{\"type\":\"integer\"}}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":{\"type\":\"number\"}}|-",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"}]}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":{\"type\":\"number\"}}|ADDITIONAL_ITEMS_NARROWED",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"string\"}]}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":{\"type\":\"number\"}}|ITEM_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                "{\"type\":\"array\",\"items\":[{\"type\":\"string\"}]}|{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}|ADDITIONAL_ITEMS_REMOVED",
                "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"}],\"items\":{\"type\":\"integer\"}}|{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"},{\"type\":\"number\"}],\"items\":{\"type\":\"number\"}}|-",
                "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"}],\"items\":{\"type\":\"number\"}}|{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"items\":{\"type\":\"number\"}}|ITEM_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL",
                // not: the reader may exclude only what the writer excluded
                "{\"type\":\"string\",\"not\":{\"enum\":[\"a\",\"b\"]}}|{\"type\":\"string\",\"not\":{\"enum\":[\"a\"]}}|-",
                "{\"type\":\"string\",\"not\":{\"enum\":[\"a\"]}}|{\"type\":\"string\",\"not\":{\"enum\":[\"a\",\"b\"]}}|NOT_TYPE_EXTENDED",
                "{\"type\":\"string\"}|{\"type\":\"string\",\"not\":{\"enum\":[\"a\"]}}|TYPE_CHANGED",
                // dependencies / dependentRequired / dependentSchemas
                "{\"type\":\"object\",\"dependencies\":{\"a\":[\"b\",\"c\"]}}|{\"type\":\"object\",\"dependencies\":{\"a\":[\"b\"]}}|-",
                "{\"type\":\"object\",\"dependencies\":{\"a\":[\"b\"]}}|{\"type\":\"object\",\"dependencies\":{\"a\":[\"b\",\"c\"]}}|DEPENDENCY_ARRAY_EXTENDED",
                "{\"type\":\"object\"}|{\"type\":\"object\",\"dependencies\":{\"a\":[\"b\"]}}|DEPENDENCY_ARRAY_ADDED",
                "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\"}|{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\"dependentRequired\":{\"a\":[\"b\"]}}|DEPENDENCY_ARRAY_ADDED",
                "{\"type\":\"object\"}|{\"type\":\"object\",\"dependencies\":{\"a\":{\"required\":[\"b\"]}}}|DEPENDENCY_SCHEMA_ADDED",
                "{\"type\":\"object\",\"dependencies\":{\"a\":{\"properties\":{\"b\":{\"type\":\"integer\"}}}}}|{\"type\":\"object\",\"dependencies\":{\"a\":{\"properties\":{\"b\":{\"type\":\"number\"}}}}}|-",
                "{\"type\":\"object\",\"dependencies\":{\"a\":{\"properties\":{\"b\":{\"type\":\"number\"}}}}}|{\"type\":\"object\",\"dependencies\":{\"a\":{\"properties\":{\"b\":{\"type\":\"integer\"}}}}}|TYPE_CHANGED",
                // nested: a bound inside a property
                "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"maximum\":9}}}|{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"maximum\":8}}}|MAXIMUM_DECREASED",
            })
    void backward(String old, String next, String errorType) {
        List<String> problems = CompatibilityLevel.BACKWARD.problems(json(next), previous(old));
        if (errorType == null) {
            assertTrue(problems.isEmpty(), problems.toString());
        } else {
            assertTrue(
                    problems.stream().anyMatch(p -> p.contains("errorType:'" + errorType + "'")), problems.toString());
        }
    }

    private static final String ADDRESS = "{\"type\":\"object\",\"properties\":{\"zip\":{\"type\":\"string\"}}}";
    private static final String ORDER =
            "{\"type\":\"object\",\"properties\":{\"address\":{\"$ref\":\"address.json\"}}}";

    /** {@code text} parsed with {@code referenced} registered as its reference named {@code name}. */
    private static ParsedSchema json(String text, String name, String referenced) {
        return SchemaParsers.parse(SchemaType.JSON, text, Map.of(name, json(referenced)));
    }

    private static List<String> backward(ParsedSchema old, ParsedSchema next) {
        return CompatibilityLevel.BACKWARD.problems(next, List.of(new CompatibilityLevel.Previous(1, old)));
    }

    @Test
    void refsToReferencedSchemasAreComparedLikeLocalOnes() {
        // the referenced subject's next version narrows a property: seen through the $ref, by the reference's name
        String narrowed = ADDRESS.replace("\"string\"", "\"integer\"");
        assertEquals(
                List.of("TYPE_CHANGED"),
                types(backward(json(ORDER, "address.json", ADDRESS), json(ORDER, "address.json", narrowed))));
        String widened = ADDRESS.replace("\"zip\":{\"type\":\"string\"}", "\"zip\":{\"type\":[\"string\",\"null\"]}");
        assertEquals(List.of(), backward(json(ORDER, "address.json", ADDRESS), json(ORDER, "address.json", widened)));
        // a local schema replaced by a reference to the same one: nothing changed for the data
        String local = ORDER.replace("{\"$ref\":\"address.json\"}", ADDRESS);
        assertEquals(List.of(), backward(json(local), json(ORDER, "address.json", ADDRESS)));
        assertEquals(List.of("TYPE_CHANGED"), types(backward(json(local), json(ORDER, "address.json", narrowed))));
    }

    @Test
    void refsWithAPointerIntoAReferenceOrResolvedAgainstTheId() {
        String common = "{\"definitions\":{\"Zip\":{\"type\":\"string\",\"maxLength\":5}}}";
        String order = "{\"type\":\"object\",\"properties\":{\"zip\":{\"$ref\":\"common.json#/definitions/Zip\"}}}";
        assertEquals(
                List.of("MAX_LENGTH_DECREASED"),
                types(backward(
                        json(order, "common.json", common), json(order, "common.json", common.replace("5", "4")))));
        // a relative $ref resolved against the schema's $id matches a reference named by the full IRI
        String withId = "{\"$id\":\"https://example.com/schemas/order.json\"," + ORDER.substring(1);
        String name = "https://example.com/schemas/address.json";
        assertEquals(
                List.of("TYPE_CHANGED"),
                types(backward(
                        json(withId, name, ADDRESS),
                        json(withId, name, ADDRESS.replace("\"string\"", "\"boolean\"")))));
    }

    @Test
    void aRefToNoReferenceIsInvalidAndNotFetched() {
        InvalidSchemaException e = assertThrows(InvalidSchemaException.class, () -> json(ORDER));
        assertTrue(e.getMessage().contains("address.json"), e.getMessage());
        assertThrows(InvalidSchemaException.class, () -> json("{\"$ref\":\"https://example.com/never-fetched.json\"}"));
    }

    private static List<String> types(List<String> problems) {
        return problems.stream()
                .filter(p -> p.startsWith("{errorType:"))
                .map(p -> p.substring("{errorType:'".length(), p.indexOf("'", "{errorType:'".length())))
                .distinct()
                .toList();
    }

    private static ParsedSchema json(String text) {
        return SchemaParsers.parse(SchemaType.JSON, text, Map.of());
    }

    private static List<CompatibilityLevel.Previous> previous(String text) {
        return List.of(new CompatibilityLevel.Previous(1, json(text)));
    }
}
