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

import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.MessageElement;
import com.squareup.wire.schema.internal.parser.OneOfElement;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import com.squareup.wire.schema.internal.parser.TypeElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A PROTOBUF schema (one .proto file), parsed and rendered by Square Wire's parser. Compatibility compares messages by
 * full name and fields by tag, as Confluent's rules do for the common cases (see docs/schema-registry.md). Immutable.
 */
final class ProtobufSchema implements ParsedSchema {
    /** Scalar types whose values read as one another on the wire (varint, zigzag, 32/64-bit, length-delimited). */
    private static final List<Set<String>> WIRE_COMPATIBLE = List.of(
            Set.of("int32", "uint32", "int64", "uint64", "bool"),
            Set.of("sint32", "sint64"),
            Set.of("fixed32", "sfixed32"),
            Set.of("fixed64", "sfixed64"),
            Set.of("string", "bytes"));

    private final ProtoFileElement file;
    private final String canonical;

    private ProtobufSchema(ProtoFileElement file, String canonical) {
        this.file = file;
        this.canonical = canonical;
    }

    static ProtobufSchema parse(String text) {
        try {
            ProtoFileElement file = ProtoParser.Companion.parse(Location.get("schema.proto"), text);
            return new ProtobufSchema(file, file.toSchema());
        } catch (RuntimeException e) {
            throw new InvalidSchemaException("Invalid PROTOBUF schema: " + e.getMessage(), e);
        }
    }

    @Override
    public SchemaType type() {
        return SchemaType.PROTOBUF;
    }

    @Override
    public String canonical() {
        return canonical;
    }

    @Override
    public List<String> readProblems(ParsedSchema writer) {
        ProtoFileElement old = ((ProtobufSchema) writer).file;
        List<String> out = new ArrayList<>();
        if (!Objects.equals(file.getPackageName(), old.getPackageName())) {
            out.add(problem(
                    "PACKAGE_CHANGED",
                    "#/",
                    "the package changed from " + old.getPackageName() + " to " + file.getPackageName()));
        }
        Map<String, MessageElement> mine = messages(file);
        for (Map.Entry<String, MessageElement> entry : messages(old).entrySet()) {
            MessageElement now = mine.get(entry.getKey());
            if (now == null) {
                out.add(problem("MESSAGE_REMOVED", "#/" + entry.getKey(), "the message was removed"));
            } else {
                compareFields(entry.getKey(), fields(now), fields(entry.getValue()), out);
            }
        }
        return out;
    }

    private static void compareFields(
            String message, Map<Integer, FieldElement> reader, Map<Integer, FieldElement> writer, List<String> out) {
        for (Map.Entry<Integer, FieldElement> entry : writer.entrySet()) {
            FieldElement was = entry.getValue();
            FieldElement now = reader.get(entry.getKey());
            String path = "#/" + message + "/" + entry.getKey();
            if (now == null) {
                if (was.getLabel() == Field.Label.REQUIRED) {
                    out.add(problem(
                            "REQUIRED_FIELD_REMOVED", path, "the required field '" + was.getName() + "' was removed"));
                }
                continue;
            }
            if (!wireCompatible(simpleName(was.getType()), simpleName(now.getType()))) {
                out.add(problem(
                        "FIELD_TYPE_CHANGED",
                        path,
                        "the field '" + was.getName() + "' changed type from " + was.getType() + " to "
                                + now.getType()));
            }
        }
        for (Map.Entry<Integer, FieldElement> entry : reader.entrySet()) {
            if (!writer.containsKey(entry.getKey()) && entry.getValue().getLabel() == Field.Label.REQUIRED) {
                out.add(problem(
                        "REQUIRED_FIELD_ADDED",
                        "#/" + message + "/" + entry.getKey(),
                        "the required field '" + entry.getValue().getName() + "' was added"));
            }
        }
    }

    private static boolean wireCompatible(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        return WIRE_COMPATIBLE.stream().anyMatch(group -> group.contains(a) && group.contains(b));
    }

    private static String simpleName(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }

    /** Every message of the file by its full name, nested ones included. */
    private static Map<String, MessageElement> messages(ProtoFileElement file) {
        Map<String, MessageElement> out = new LinkedHashMap<>();
        String prefix = file.getPackageName() == null ? "" : file.getPackageName() + ".";
        collect(prefix, file.getTypes(), out);
        return out;
    }

    private static void collect(String prefix, List<TypeElement> types, Map<String, MessageElement> out) {
        for (TypeElement type : types) {
            if (type instanceof MessageElement message) {
                out.put(prefix + message.getName(), message);
            }
            collect(prefix + type.getName() + ".", type.getNestedTypes(), out);
        }
    }

    private static Map<Integer, FieldElement> fields(MessageElement message) {
        Map<Integer, FieldElement> out = new LinkedHashMap<>();
        message.getFields().forEach(f -> out.put(f.getTag(), f));
        for (OneOfElement oneOf : message.getOneOfs()) {
            oneOf.getFields().forEach(f -> out.put(f.getTag(), f));
        }
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
