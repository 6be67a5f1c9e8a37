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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Protobuf changes Confluent's registry classifies (its documented Protobuf rules), each registered under
 * BACKWARD after the same first version: the incompatible ones must be refused with their error type named.
 */
class ProtobufCompatibilityTest {
    private static final String V1 = """
            syntax = "proto3";
            package shop;
            message Order {
              string id = 1;
              int32 amount = 2;
              Status status = 3;
              Item item = 4;
              map<string, int32> counts = 5;
              oneof payment {
                string card = 6;
                string iban = 7;
              }
              string note = 8;
              message Line { string sku = 1; }
            }
            message Item { string sku = 1; }
            message Other { string x = 1; }
            enum Status { NEW = 0; PAID = 1; }
            """;

    static Stream<Arguments> changes() {
        return Stream.of(
                change("message added", "message Extra { string y = 1; }", null),
                change(
                        "messages reordered",
                        V1.replace("message Other { string x = 1; }\n", "")
                                .replace("message Item {", "message Other { string x = 1; }\nmessage Item {"),
                        null),
                change("field renamed", V1.replace("string id = 1;", "string key = 1;"), null),
                change("optional field removed", V1.replace("string note = 8;", ""), null),
                change("field added", V1.replace("string note = 8;", "string note = 8; int64 at = 9;"), null),
                change("int32 to int64", V1.replace("int32 amount = 2;", "int64 amount = 2;"), null),
                change("enum field to int32", V1.replace("Status status = 3;", "int32 status = 3;"), null),
                change("string to bytes", V1.replace("string id = 1;", "bytes id = 1;"), null),
                change("enum value added", V1.replace("PAID = 1;", "PAID = 1; SHIPPED = 2;"), null),
                change("enum value removed", V1.replace("PAID = 1;", ""), null),
                change("enum value renamed", V1.replace("PAID = 1;", "SETTLED = 1;"), null),
                change("oneof field added", V1.replace("string iban = 7;", "string iban = 7; string cash = 9;"), null),
                change(
                        "one field moved into a new oneof",
                        V1.replace("string note = 8;", "oneof remark { string note = 8; }"),
                        null),
                change(
                        "oneof removed, fields kept",
                        V1.replace("oneof payment {", "").replace("string iban = 7;\n  }", "string iban = 7;"),
                        null),
                change("package changed", V1.replace("package shop;", "package store;"), "PACKAGE_CHANGED"),
                change("message removed", V1.replace("message Other { string x = 1; }\n", ""), "MESSAGE_REMOVED"),
                change("nested message removed", V1.replace("message Line { string sku = 1; }", ""), "MESSAGE_REMOVED"),
                change("string to int32", V1.replace("string id = 1;", "int32 id = 1;"), "FIELD_SCALAR_KIND_CHANGED"),
                change(
                        "int32 to sint32",
                        V1.replace("int32 amount = 2;", "sint32 amount = 2;"),
                        "FIELD_SCALAR_KIND_CHANGED"),
                change(
                        "int32 to double",
                        V1.replace("int32 amount = 2;", "double amount = 2;"),
                        "FIELD_SCALAR_KIND_CHANGED"),
                change(
                        "enum field to message",
                        V1.replace("Status status = 3;", "Item status = 3;"),
                        "FIELD_KIND_CHANGED"),
                change("scalar to message", V1.replace("string id = 1;", "Item id = 1;"), "FIELD_KIND_CHANGED"),
                change(
                        "map to scalar",
                        V1.replace("map<string, int32> counts = 5;", "int32 counts = 5;"),
                        "FIELD_KIND_CHANGED"),
                change(
                        "map value type changed",
                        V1.replace("map<string, int32>", "map<string, string>"),
                        "FIELD_SCALAR_KIND_CHANGED"),
                change(
                        "message type changed",
                        V1.replace("Item item = 4;", "Other item = 4;"),
                        "FIELD_NAMED_TYPE_CHANGED"),
                change(
                        "field number reused with another type",
                        V1.replace("string note = 8;", "int64 note = 8;"),
                        "FIELD_SCALAR_KIND_CHANGED"),
                change("oneof field removed", V1.replace("string iban = 7;", ""), "ONEOF_FIELD_REMOVED"),
                change(
                        "two fields moved into a new oneof",
                        V1.replace(
                                "string id = 1;\n  int32 amount = 2;",
                                "oneof key { string id = 1; int32 amount = 2; }"),
                        "MULTIPLE_FIELDS_MOVED_TO_ONEOF"),
                change(
                        "field moved into the existing oneof",
                        V1.replace("string note = 8;", "")
                                .replace("string iban = 7;", "string iban = 7; string note = 8;"),
                        "FIELD_MOVED_TO_EXISTING_ONEOF"));
    }

    private static Arguments change(String name, String next, String errorType) {
        return Arguments.of(
                name, next.contains("syntax") ? next : V1.replace("enum Status", next + "\nenum Status"), errorType);
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("changes")
    void backwardAfterTheFirstVersion(String name, String next, String errorType) {
        assertNotEquals(V1, next, "the change must change the file");
        List<String> problems = CompatibilityLevel.BACKWARD.problems(proto(next), previous(V1));
        if (errorType == null) {
            assertTrue(problems.isEmpty(), problems.toString());
        } else {
            assertTrue(
                    problems.stream().anyMatch(p -> p.contains("errorType:'" + errorType + "'")), problems.toString());
        }
    }

    @Test
    void requiredFieldsOfProto2() {
        String v1 = "syntax = \"proto2\";\nmessage M {\n required string a = 1;\n optional string b = 2;\n}\n";
        String added = v1.replace("optional string b = 2;", "optional string b = 2; required int32 c = 3;");
        String removed = v1.replace("required string a = 1;", "");
        assertEquals(
                List.of("REQUIRED_FIELD_ADDED"),
                types(CompatibilityLevel.BACKWARD.problems(proto(added), previous(v1))));
        assertEquals(
                List.of("REQUIRED_FIELD_REMOVED"),
                types(CompatibilityLevel.BACKWARD.problems(proto(removed), previous(v1))));
    }

    @Test
    void syntaxChangeIsNotAProblem() {
        // Confluent's checker does not compare the syntax line: the fields' encodings decide.
        String proto3 = "syntax = \"proto3\";\nmessage M {\n string a = 1;\n}\n";
        String proto2 = "syntax = \"proto2\";\nmessage M {\n optional string a = 1;\n}\n";
        assertEquals(List.of(), CompatibilityLevel.FULL.problems(proto(proto2), previous(proto3)));
    }

    @Test
    void forwardComparesTheOtherWay() {
        // FORWARD: the old schema reads data written with the new one, so a message the new one lacks is no
        // problem there; FULL also checks BACKWARD, where it is.
        String removed = V1.replace("message Other { string x = 1; }\n", "");
        assertTrue(CompatibilityLevel.FORWARD
                .problems(proto(removed), previous(V1))
                .isEmpty());
        assertEquals(List.of("MESSAGE_REMOVED"), types(CompatibilityLevel.FULL.problems(proto(removed), previous(V1))));
    }

    private static final String ORDER_WITH_IMPORTS = """
            syntax = "proto3";
            package shop;
            import "common/item.proto";
            message Order {
              common.Item item = 1;
              common.Status status = 2;
            }
            """;

    private static final String ITEM = """
            syntax = "proto3";
            package common;
            message Item { string sku = 1; int32 count = 2; }
            enum Status { NEW = 0; PAID = 1; }
            """;

    /** The file importing {@code item}, parsed with it as its reference (named by the import path). */
    private static ParsedSchema withImport(String file, String item) {
        return SchemaParsers.parse(SchemaType.PROTOBUF, file, Map.of("common/item.proto", proto(item)));
    }

    private static List<String> backwardWithImports(String oldFile, String oldItem, String newFile, String newItem) {
        return types(CompatibilityLevel.BACKWARD.problems(
                withImport(newFile, newItem),
                List.of(new CompatibilityLevel.Previous(1, withImport(oldFile, oldItem)))));
    }

    @Test
    void importedMessageTypesAreComparedFieldByField() {
        // the referenced subject's new version changes a field of the imported message: Confluent reports it, and
        // the field using that type as changed
        assertEquals(
                List.of("FIELD_SCALAR_KIND_CHANGED", "FIELD_NAMED_TYPE_CHANGED"),
                backwardWithImports(
                        ORDER_WITH_IMPORTS,
                        ITEM,
                        ORDER_WITH_IMPORTS,
                        ITEM.replace("string sku = 1;", "int64 sku = 1;")));
        assertEquals(
                List.of(),
                backwardWithImports(
                        ORDER_WITH_IMPORTS,
                        ITEM,
                        ORDER_WITH_IMPORTS,
                        ITEM.replace("int32 count = 2;", "int64 count = 2; string note = 3;")));
        assertEquals(List.of(), backwardWithImports(ORDER_WITH_IMPORTS, ITEM, ORDER_WITH_IMPORTS, ITEM));
        // renamed in the import: another type, as for local ones
        String renamed = ITEM.replace("message Item", "message Article");
        assertEquals(
                List.of("FIELD_NAMED_TYPE_CHANGED"),
                backwardWithImports(
                        ORDER_WITH_IMPORTS,
                        ITEM,
                        ORDER_WITH_IMPORTS.replace("common.Item item", "common.Article item"),
                        renamed));
    }

    @Test
    void aMessageMovedIntoAnImportIsComparedWithItsOldSelf() {
        String local = """
                syntax = "proto3";
                package common;
                message Order { Item item = 1; }
                message Item { string sku = 1; }
                """;
        String importing = """
                syntax = "proto3";
                package common;
                import "common/item.proto";
                message Order { Item item = 1; }
                """;
        String item = "syntax = \"proto3\";\npackage common;\nmessage Item { bytes sku = 1; }\n";
        assertEquals(
                List.of(),
                backwardWithImports(local, ITEM, importing, item).stream()
                        .filter(t -> !t.equals("MESSAGE_REMOVED"))
                        .toList());
        assertEquals(
                List.of("FIELD_SCALAR_KIND_CHANGED", "FIELD_NAMED_TYPE_CHANGED"),
                backwardWithImports(local, ITEM, importing, item.replace("bytes sku", "double sku")).stream()
                        .filter(t -> !t.equals("MESSAGE_REMOVED"))
                        .toList());
    }

    @Test
    void anImportedEnumIsAnEnum() {
        // an enum field read as int32 (both varints) is compatible; Confluent resolves the enum in the reference
        assertEquals(
                List.of(),
                backwardWithImports(
                        ORDER_WITH_IMPORTS,
                        ITEM,
                        ORDER_WITH_IMPORTS.replace("common.Status status", "int32 status"),
                        ITEM));
        assertEquals(
                List.of("FIELD_KIND_CHANGED"),
                backwardWithImports(
                        ORDER_WITH_IMPORTS,
                        ITEM,
                        ORDER_WITH_IMPORTS.replace("common.Status status", "common.Item status"),
                        ITEM));
        assertEquals(
                List.of("FIELD_SCALAR_KIND_CHANGED"),
                backwardWithImports(
                        ORDER_WITH_IMPORTS,
                        ITEM,
                        ORDER_WITH_IMPORTS.replace("common.Status status", "string status"),
                        ITEM));
    }

    private static List<String> types(List<String> problems) {
        return problems.stream()
                .filter(p -> p.startsWith("{errorType:"))
                .map(p -> p.substring("{errorType:'".length(), p.indexOf("'", "{errorType:'".length())))
                .toList();
    }

    private static ParsedSchema proto(String text) {
        return SchemaParsers.parse(SchemaType.PROTOBUF, text, Map.of());
    }

    private static List<CompatibilityLevel.Previous> previous(String text) {
        return List.of(new CompatibilityLevel.Previous(1, proto(text)));
    }
}
