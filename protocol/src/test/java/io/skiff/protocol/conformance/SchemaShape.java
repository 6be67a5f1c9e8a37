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
package io.skiff.protocol.conformance;

import io.skiff.generator.FieldSpec;
import io.skiff.generator.FieldType;
import io.skiff.generator.StructSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.protocol.types.BoundField;
import org.apache.kafka.common.protocol.types.Field;
import org.apache.kafka.common.protocol.types.Schema;
import org.apache.kafka.common.protocol.types.TaggedFields;
import org.apache.kafka.common.protocol.types.Type;

/**
 * Renders a message layout at one version as comparable text, one line per field
 * ({@code topics.partitions.fetch_offset: INT64}), both from Kafka's official {@code SCHEMAS[version]} and
 * from our schema model. Equal texts mean the same fields, order, types, nullability and tags.
 * Stateless.
 */
final class SchemaShape {
    private SchemaShape() {}

    static String official(Schema schema) {
        List<String> lines = new ArrayList<>();
        official(schema, "", lines);
        return String.join("\n", lines);
    }

    private static void official(Schema schema, String prefix, List<String> lines) {
        for (BoundField bf : schema.fields()) {
            Field f = bf.def;
            if (f.type instanceof TaggedFields tf) {
                for (Map.Entry<Integer, Field> e : new TreeMap<>(tf.fields()).entrySet()) {
                    officialField(prefix, "[tag " + e.getKey() + "] ", e.getValue(), lines);
                }
            } else {
                officialField(prefix, "", f, lines);
            }
        }
    }

    private static void officialField(String prefix, String tagPrefix, Field f, List<String> lines) {
        String path = prefix + f.name;
        Type t = f.type;
        if (t.isArray()) {
            Type el = t.arrayElementType().orElseThrow();
            String kind =
                    (t.toString().startsWith("COMPACT") ? "COMPACT_ARRAY" : "ARRAY") + (t.isNullable() ? "?" : "");
            if (el instanceof Schema s) {
                lines.add(tagPrefix + path + ": " + kind + " of struct");
                official(s, path + ".", lines);
            } else {
                lines.add(tagPrefix + path + ": " + kind + " of " + el);
            }
        } else if (t instanceof Schema s) {
            lines.add(tagPrefix + path + ": struct");
            official(s, path + ".", lines);
        } else {
            lines.add(tagPrefix + path + ": " + t);
        }
    }

    static String ours(StructSpec struct, short version, boolean flexible) {
        List<String> lines = new ArrayList<>();
        ours(struct, version, flexible, "", lines);
        return String.join("\n", lines);
    }

    private static void ours(StructSpec struct, short version, boolean flexible, String prefix, List<String> lines) {
        for (FieldSpec f : struct.fields()) {
            if (f.untaggedIn(version)) {
                ourField(f, version, flexible, prefix, "", lines);
            }
        }
        if (flexible) {
            struct.fields().stream()
                    .filter(f -> f.taggedIn(version))
                    .sorted((a, b) -> Integer.compare(a.tag(), b.tag()))
                    .forEach(f -> ourField(f, version, true, prefix, "[tag " + f.tag() + "] ", lines));
        }
    }

    private static void ourField(
            FieldSpec f, short version, boolean compact, String prefix, String tagPrefix, List<String> lines) {
        String path = prefix + snake(f.name());
        FieldType t = f.type();
        boolean nullable = f.nullableVersions().contains(version);
        if (t.isArray()) {
            String kind = (compact ? "COMPACT_ARRAY" : "ARRAY") + (nullable ? "?" : "");
            if (t.element().isStruct()) {
                lines.add(tagPrefix + path + ": " + kind + " of struct");
                ours(f.struct(), version, compact, path + ".", lines);
            } else {
                lines.add(tagPrefix + path + ": " + kind + " of " + primitive(t.element(), false, compact));
            }
        } else if (t.isStruct()) {
            // Kafka's Schema objects do not record whether a struct is nullable; the byte checks cover it.
            lines.add(tagPrefix + path + ": struct");
            ours(f.struct(), version, compact, path + ".", lines);
        } else {
            lines.add(tagPrefix + path + ": " + primitive(t, nullable, compact));
        }
    }

    private static String primitive(FieldType t, boolean nullable, boolean compact) {
        String c = compact ? "COMPACT_" : "";
        String n = nullable ? "NULLABLE_" : "";
        return switch (t.name()) {
            case "bool" -> "BOOLEAN";
            case "string" -> c + n + "STRING";
            case "bytes" -> c + n + "BYTES";
            case "records" -> c + n + "RECORDS";
            default -> t.name().toUpperCase();
        };
    }

    /** Kafka's snake_case of a camelCase field name. */
    static String snake(String camel) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0) {
                    b.append('_');
                }
                b.append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
