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
package io.skiff.generator;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the parsed field tree of one schema file into a checked {@link MessageSpec}: types, version ranges,
 * tags, defaults and struct references. One instance per file; not thread-safe.
 */
final class SchemaResolver {
    private static final Set<String> JAVA_RESERVED = Set.of(
            "abstract",
            "assert",
            "boolean",
            "break",
            "byte",
            "case",
            "catch",
            "char",
            "class",
            "const",
            "continue",
            "default",
            "do",
            "double",
            "else",
            "enum",
            "extends",
            "final",
            "finally",
            "float",
            "for",
            "goto",
            "if",
            "implements",
            "import",
            "instanceof",
            "int",
            "interface",
            "long",
            "native",
            "new",
            "package",
            "private",
            "protected",
            "public",
            "return",
            "short",
            "static",
            "strictfp",
            "super",
            "switch",
            "synchronized",
            "this",
            "throw",
            "throws",
            "transient",
            "try",
            "void",
            "volatile",
            "while",
            "true",
            "false",
            "null",
            "var",
            "record",
            "yield",
            "unknownTaggedFields",
            "hashCode",
            "toString",
            "getClass",
            "equals");
    /** Names of methods every generated top-level message has (ApiMessage). */
    private static final Set<String> TOP_LEVEL_RESERVED =
            Set.of("apiKey", "lowestSupportedVersion", "highestSupportedVersion");

    private final MessageSpec header;
    private final String file;
    private final Versions versions;
    private final Versions flexible;
    private final Map<String, StructSpec> structs = new LinkedHashMap<>();
    private final Map<String, RawField> commonRaw = new HashMap<>();
    private final Set<String> commonUsed = new HashSet<>();

    /** @param header the message as its header line and versions declare it, without fields yet */
    SchemaResolver(MessageSpec header) {
        this.header = header;
        this.file = header.file();
        this.versions = header.versions();
        this.flexible = header.flexibleVersions();
    }

    MessageSpec resolve(List<RawField> topLevel, Map<String, RawField> commonStructs) {
        commonRaw.putAll(commonStructs);
        String className = header.className();
        for (RawField raw : topLevel) {
            if (TOP_LEVEL_RESERVED.contains(raw.name)) {
                throw error(raw, "top-level field name '" + raw.name + "' clashes with an ApiMessage method");
            }
        }
        List<FieldSpec> fields = resolveFields(className, topLevel, versions);
        for (RawField common : commonStructs.values()) {
            if (!commonUsed.contains(common.name)) {
                // An unused common struct is most likely a typo in a field's type.
                throw new SchemaException(file, common.line, "common struct " + common.name + " is never used");
            }
        }
        return header.withFields(fields, List.copyOf(structs.values()));
    }

    private List<FieldSpec> resolveFields(String structName, List<RawField> raws, Versions parentVersions) {
        List<FieldSpec> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Map<Integer, String> tags = new HashMap<>();
        for (RawField raw : raws) {
            FieldSpec f = resolveField(raw, parentVersions);
            if (!names.add(f.name())) {
                throw error(raw, "duplicate field name '" + f.name() + "' in " + structName);
            }
            if (f.isTagged()) {
                String other = tags.put(f.tag(), f.name());
                if (other != null) {
                    throw error(
                            raw, "duplicate tag " + f.tag() + " in " + structName + " (also used by '" + other + "')");
                }
            }
            out.add(f);
        }
        return out;
    }

    private FieldSpec resolveField(RawField raw, Versions parentVersions) {
        if (!raw.name.matches("[a-z][A-Za-z0-9]*")) {
            throw error(raw, "field name '" + raw.name + "' must be lowerCamelCase");
        }
        if (JAVA_RESERVED.contains(raw.name)) {
            throw error(raw, "field name '" + raw.name + "' is reserved in generated Java code");
        }
        FieldType type;
        try {
            type = FieldType.parse(raw.type);
        } catch (IllegalArgumentException e) {
            throw error(raw, e.getMessage());
        }
        int tag = -1;
        Versions tagged = Versions.NONE;
        String tagText = raw.attributes.get("tag");
        String taggedText = raw.attributes.get("tagged");
        if ((tagText == null) != (taggedText == null)) {
            throw error(raw, tagText != null ? "tag= without tagged=<range>" : "tagged= without tag=<n>");
        }
        if (tagText != null) {
            try {
                tag = Integer.parseInt(tagText);
            } catch (NumberFormatException e) {
                tag = -1;
            }
            if (tag < 0) {
                throw error(raw, "bad tag '" + tagText + "' (a non-negative integer)");
            }
            tagged = range(raw, taggedText);
            if (tagged.isEmpty()) {
                throw error(raw, "tagged=none makes no sense; drop tag= and tagged=");
            }
            if (!flexible.contains(tagged.intersect(versions))) {
                throw error(
                        raw,
                        "tagged=" + tagged + " includes versions that are not flexible (flexible " + flexible + ")");
            }
            if (type.isRecords()) {
                throw error(raw, "a records field cannot be tagged");
            }
        }
        Versions declared;
        String vText = raw.attributes.get("v");
        if (vText != null) {
            declared = range(raw, vText);
            if (tagText != null && !declared.contains(tagged.intersect(versions))) {
                throw error(raw, "tagged=" + tagged + " is not within the field's versions v=" + declared);
            }
        } else {
            declared = tagText != null ? tagged : versions;
        }
        if (!declared.isEmpty()) {
            if (declared.intersect(versions).isEmpty()) {
                throw error(raw, "field versions " + declared + " are outside the message's versions " + versions);
            }
            if (!declared.isOpenEnded() && declared.highest() > versions.highest()) {
                throw error(
                        raw,
                        "field versions " + declared + " go beyond the message's highest version "
                                + versions.highest());
            }
            if (declared.intersect(parentVersions).isEmpty()) {
                throw error(
                        raw, "field versions " + declared + " never overlap its parent's versions " + parentVersions);
            }
        }
        Versions fieldVersions = declared.intersect(parentVersions);
        Versions nullable = Versions.NONE;
        String nText = raw.attributes.get("nullable");
        if (nText != null) {
            nullable = range(raw, nText);
            if (!type.canBeNullable()) {
                throw error(raw, "type " + type + " cannot be nullable (only string, bytes, records, arrays, structs)");
            }
        }
        String def = raw.attributes.get("default");
        checkDefault(raw, type, def, nullable.intersect(fieldVersions));
        if ("null".equals(def) && !nullable.contains(fieldVersions)) {
            // The default must be writable at every version of the field (Kafka has the same rule).
            throw error(
                    raw,
                    "default=null needs nullable= to cover all the field's versions " + fieldVersions + " (nullable="
                            + nullable + ")");
        }
        StructSpec struct = null;
        String structName = type.structName();
        if (structName != null) {
            struct = resolveStruct(raw, structName, fieldVersions);
        } else if (!raw.children.isEmpty()) {
            throw error(raw.children.get(0), "field '" + raw.name + "' of type " + type + " cannot have nested fields");
        }
        return new FieldSpec(
                raw.name,
                type,
                fieldVersions,
                nullable.intersect(fieldVersions),
                tag,
                tagged.intersect(fieldVersions),
                def,
                raw.ignorable,
                struct,
                raw.line);
    }

    private StructSpec resolveStruct(RawField raw, String name, Versions fieldVersions) {
        if (raw.children.isEmpty()) {
            RawField common = commonRaw.get(name);
            if (common == null) {
                throw error(
                        raw, "unknown struct " + name + ": no nested fields and no 'struct " + name + "' in this file");
            }
            if (common.children.isEmpty()) {
                throw error(common, "common struct " + name + " has no fields");
            }
            if (commonUsed.add(name)) {
                // Common structs are resolved once, against all message versions.
                StructSpec s = new StructSpec(name, List.of(), versions, common.line);
                structs.put(name, s);
                s = new StructSpec(name, resolveFields(name, common.children, versions), versions, common.line);
                structs.put(name, s);
            }
            return structs.get(name);
        }
        if (commonRaw.containsKey(name)) {
            throw error(raw, "struct " + name + " is defined both inline and as a common struct");
        }
        if (structs.containsKey(name)) {
            throw error(raw, "struct " + name + " is defined twice");
        }
        structs.put(name, new StructSpec(name, List.of(), fieldVersions, raw.line));
        StructSpec s = new StructSpec(name, resolveFields(name, raw.children, fieldVersions), fieldVersions, raw.line);
        structs.put(name, s);
        return s;
    }

    private void checkDefault(RawField raw, FieldType type, String def, Versions nullable) {
        if (def == null) {
            return;
        }
        if (def.equals("null")) {
            if (!type.canBeNullable() || nullable.isEmpty()) {
                throw error(raw, "default=null but the field is never nullable");
            }
            return;
        }
        if (type.isArray() || type.isStruct() || type.isRecords()) {
            throw error(raw, "a " + type + " field can only have default=null");
        }
        if (type.isUuid() || type.isBytes()) {
            throw error(raw, "a " + type + " field cannot have a default (it is always zero/empty)");
        }
        if (type.isBool()) {
            if (!def.equals("true") && !def.equals("false")) {
                throw error(raw, "bad bool default '" + def + "' (true or false)");
            }
        } else if (type.isFloat()) {
            try {
                Double.parseDouble(def);
            } catch (NumberFormatException e) {
                throw error(raw, "bad float64 default '" + def + "'");
            }
        } else if (type.isInteger()) {
            BigInteger v;
            try {
                v = parseInteger(def);
            } catch (NumberFormatException e) {
                throw error(raw, "bad " + type + " default '" + def + "'");
            }
            long[] bounds = switch (type.name()) {
                case "int8" -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
                case "int16" -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
                case "uint16" -> new long[] {0, 65535};
                case "int32" -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
                default -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
            };
            if (v.compareTo(BigInteger.valueOf(bounds[0])) < 0 || v.compareTo(BigInteger.valueOf(bounds[1])) > 0) {
                throw error(raw, "default " + def + " does not fit in " + type);
            }
        }
    }

    /** Parses a decimal or 0x-hex integer (as Kafka's schemas write e.g. 0x7fffffff). */
    static BigInteger parseInteger(String s) {
        boolean negative = s.startsWith("-");
        String body = negative ? s.substring(1) : s;
        BigInteger v = body.startsWith("0x") || body.startsWith("0X")
                ? new BigInteger(body.substring(2), 16)
                : new BigInteger(body);
        return negative ? v.negate() : v;
    }

    private Versions range(RawField raw, String text) {
        try {
            return Versions.parse(text);
        } catch (IllegalArgumentException e) {
            throw error(raw, e.getMessage());
        }
    }

    private SchemaException error(RawField raw, String message) {
        return new SchemaException(file, raw.line, message);
    }
}
