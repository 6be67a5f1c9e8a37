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

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each level against the change kinds Confluent's documentation uses to define it: an optional field (one with a
 * default) added or removed is compatible both ways; a field without default added breaks BACKWARD; such a field
 * removed breaks FORWARD; the _TRANSITIVE levels also compare with versions older than the latest.
 */
class CompatibilityMatrixTest {
    private static final String V1 = record("{\"name\":\"a\",\"type\":\"string\"}");
    private static final String OPTIONAL_ADDED =
            record("{\"name\":\"a\",\"type\":\"string\"},{\"name\":\"b\",\"type\":\"int\",\"default\":0}");
    private static final String REQUIRED_ADDED =
            record("{\"name\":\"a\",\"type\":\"string\"},{\"name\":\"c\",\"type\":\"int\"}");
    private static final String REQUIRED_REMOVED = record("{\"name\":\"z\",\"type\":\"int\",\"default\":1}");

    private static String record(String fields) {
        return "{\"type\":\"record\",\"name\":\"R\",\"fields\":[" + fields + "]}";
    }

    private static ParsedSchema avro(String text) {
        return SchemaParsers.parse(SchemaType.AVRO, text, Map.of());
    }

    @ParameterizedTest(name = "{0}: optional added {1}, required added {2}, required removed {3}")
    @CsvSource({
        "NONE,                true,  true,  true",
        "BACKWARD,            true,  false, true",
        "BACKWARD_TRANSITIVE, true,  false, true",
        "FORWARD,             true,  true,  false",
        "FORWARD_TRANSITIVE,  true,  true,  false",
        "FULL,                true,  false, false",
        "FULL_TRANSITIVE,     true,  false, false",
    })
    void avroLevels(String level, boolean optionalAdded, boolean requiredAdded, boolean requiredRemoved) {
        CompatibilityLevel l = CompatibilityLevel.valueOf(level);
        List<CompatibilityLevel.Previous> previous = List.of(new CompatibilityLevel.Previous(1, avro(V1)));
        assertEquals(optionalAdded, l.problems(avro(OPTIONAL_ADDED), previous).isEmpty());
        assertEquals(requiredAdded, l.problems(avro(REQUIRED_ADDED), previous).isEmpty());
        assertEquals(
                requiredRemoved, l.problems(avro(REQUIRED_REMOVED), previous).isEmpty());
    }

    @ParameterizedTest(name = "{0} over three versions: {1}")
    @CsvSource({"BACKWARD, true", "BACKWARD_TRANSITIVE, false", "FORWARD, true", "FORWARD_TRANSITIVE, false"})
    void transitiveLevelsCompareWithEveryEarlierVersion(String level, boolean compatible) {
        // v3 {b} reads v2 {a="", b} data and v2 reads v3 data, but v3 cannot read v1 {a} data (b has no default)
        // nor v1 read v3 data (a has none): only the transitive levels look at v1.
        String v2 = record("{\"name\":\"a\",\"type\":\"string\",\"default\":\"\"},{\"name\":\"b\",\"type\":\"int\"}");
        ParsedSchema v3 = avro(record("{\"name\":\"b\",\"type\":\"int\"}"));
        List<CompatibilityLevel.Previous> previous =
                List.of(new CompatibilityLevel.Previous(1, avro(V1)), new CompatibilityLevel.Previous(2, avro(v2)));
        List<String> problems = CompatibilityLevel.valueOf(level).problems(v3, previous);
        assertEquals(compatible, problems.isEmpty(), problems.toString());
    }

    @ParameterizedTest(name = "JSON {0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"string\"}},\"additionalProperties\":false}|true",
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},\"additionalProperties\":false}|false",
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"],\"additionalProperties\":false}|false",
                "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}|false",
            })
    void jsonBackwardOnAClosedModel(String candidate, boolean compatible) {
        String old =
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"additionalProperties\":false}";
        List<CompatibilityLevel.Previous> previous =
                List.of(new CompatibilityLevel.Previous(1, SchemaParsers.parse(SchemaType.JSON, old, Map.of())));
        ParsedSchema next = SchemaParsers.parse(SchemaType.JSON, candidate, Map.of());
        assertEquals(
                compatible, CompatibilityLevel.BACKWARD.problems(next, previous).isEmpty());
    }

    @ParameterizedTest(name = "PROTOBUF {0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "string id = 1; int64 amount = 2; string note = 3;|true",
                "string id = 1;|true",
                "string id = 1; int32 amount = 2;|true",
                "string id = 1; string amount = 2;|false",
            })
    void protobufBackward(String fields, boolean compatible) {
        String old = "syntax = \"proto3\";\nmessage Order {\n string id = 1; int64 amount = 2;\n}\n";
        String next = "syntax = \"proto3\";\nmessage Order {\n " + fields + "\n}\n";
        List<CompatibilityLevel.Previous> previous =
                List.of(new CompatibilityLevel.Previous(1, SchemaParsers.parse(SchemaType.PROTOBUF, old, Map.of())));
        assertEquals(
                compatible,
                CompatibilityLevel.FULL
                        .problems(SchemaParsers.parse(SchemaType.PROTOBUF, next, Map.of()), previous)
                        .isEmpty());
    }
}
