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
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.internal.parser.EnumElement;
import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.MessageElement;
import com.squareup.wire.schema.internal.parser.OneOfElement;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.TypeElement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether data written with one .proto file reads with another, by the rules Confluent's registry applies to Wire's
 * parsed files: messages by name per nesting level, fields by tag, scalar types in Protobuf's wire-compatible groups
 * (enums count as varints), oneof membership. Types from imports are looked up in the schema's references (their
 * .proto files): an imported enum is an enum, and an imported message of the same name on both sides is compared field
 * by field (unless both come from the same file). Only the changes Confluent counts as incompatible are reported: package
 * changed, message removed, field kind/scalar kind/named type changed, required field added or removed, oneof field
 * removed, several fields moved into one oneof, a field moved into a oneof that already existed. Enum changes,
 * optional fields added or removed, renamed fields, moved messages and syntax changes are compatible, as there.
 */
final class ProtobufCompatibility {
    private enum Kind {
        SCALAR,
        MAP,
        MESSAGE
    }

    private final Types writerTypes;
    private final Types readerTypes;
    private final List<String> out = new ArrayList<>();
    /** Pairs of imported message types already compared (recursive types end here). */
    private final Set<String> comparedImports = new HashSet<>();

    private ProtobufCompatibility(
            ProtoFileElement writer,
            List<ProtoFileElement> writerImports,
            ProtoFileElement reader,
            List<ProtoFileElement> readerImports) {
        this.writerTypes = new Types(writer, writerImports);
        this.readerTypes = new Types(reader, readerImports);
    }

    /**
     * The problems of reading data written with {@code writer} using {@code reader}; the imports are the .proto files
     * of each one's references, whose types their fields may use.
     */
    static List<String> problems(
            ProtoFileElement writer,
            List<ProtoFileElement> writerImports,
            ProtoFileElement reader,
            List<ProtoFileElement> readerImports) {
        ProtobufCompatibility check = new ProtobufCompatibility(writer, writerImports, reader, readerImports);
        if (!Objects.equals(writer.getPackageName(), reader.getPackageName())) {
            check.add(
                    "PACKAGE_CHANGED",
                    "#/",
                    "the package changed from " + writer.getPackageName() + " to " + reader.getPackageName());
        }
        String pkg = reader.getPackageName() == null ? "" : reader.getPackageName() + ".";
        String oldPkg = writer.getPackageName() == null ? "" : writer.getPackageName() + ".";
        check.compareTypes("#/", oldPkg, pkg, writer.getTypes(), reader.getTypes());
        return check.out;
    }

    private void compareTypes(
            String path, String writerScope, String readerScope, List<TypeElement> writer, List<TypeElement> reader) {
        Map<String, MessageElement> now = messagesByName(reader);
        for (MessageElement was : messagesByName(writer).values()) {
            MessageElement message = now.get(was.getName());
            String at = path + was.getName();
            if (message == null) {
                add("MESSAGE_REMOVED", at, "the message was removed");
            } else {
                compareMessage(at, writerScope + was.getName(), readerScope + message.getName(), was, message);
            }
        }
    }

    private void compareMessage(
            String path, String writerName, String readerName, MessageElement writer, MessageElement reader) {
        Map<Integer, FieldElement> writerTop = byTag(writer.getFields());
        Map<Integer, FieldElement> readerTop = byTag(reader.getFields());
        Map<Integer, FieldElement> writerAll = new HashMap<>(writerTop);
        Map<Integer, FieldElement> readerAll = new HashMap<>(readerTop);
        Map<Integer, String> writerOneOf = new HashMap<>();
        Map<Integer, String> readerOneOf = new HashMap<>();
        for (OneOfElement oneOf : writer.getOneOfs()) {
            for (FieldElement f : oneOf.getFields()) {
                writerAll.put(f.getTag(), f);
                writerOneOf.put(f.getTag(), oneOf.getName());
            }
        }
        Map<Integer, FieldElement> remainingWriterTop = new HashMap<>(writerTop);
        for (OneOfElement oneOf : reader.getOneOfs()) {
            int moved = 0;
            int existing = 0;
            for (FieldElement f : oneOf.getFields()) {
                readerAll.put(f.getTag(), f);
                readerOneOf.put(f.getTag(), oneOf.getName());
                if (remainingWriterTop.remove(f.getTag()) != null) {
                    moved++;
                } else if (writerOneOf.containsKey(f.getTag())) {
                    existing++;
                }
            }
            String at = path + "/" + oneOf.getName();
            if (moved > 1) {
                add("MULTIPLE_FIELDS_MOVED_TO_ONEOF", at, "several existing fields were moved into the oneof");
            } else if (moved == 1 && existing > 0) {
                add("FIELD_MOVED_TO_EXISTING_ONEOF", at, "a field was moved into a oneof that already existed");
            }
        }
        Map<String, OneOfElement> readerOneOfs = new HashMap<>();
        reader.getOneOfs().forEach(o -> readerOneOfs.put(o.getName(), o));
        for (OneOfElement was : writer.getOneOfs()) {
            OneOfElement now = readerOneOfs.get(was.getName());
            if (now == null) {
                continue; // a oneof removed is compatible; its fields are compared by tag below
            }
            Map<Integer, FieldElement> nowByTag = byTag(now.getFields());
            for (FieldElement f : was.getFields()) {
                String at = path + "/" + was.getName() + "/" + f.getTag();
                FieldElement g = nowByTag.get(f.getTag());
                if (g != null) {
                    compareField(at, writerName, readerName, f, g);
                } else if (!readerAll.containsKey(f.getTag())) {
                    add("ONEOF_FIELD_REMOVED", at, "the field '" + f.getName() + "' was removed from its oneof");
                }
            }
        }
        Set<Integer> tags = new TreeSet<>(remainingWriterTop.keySet());
        tags.addAll(readerTop.keySet());
        for (Integer tag : tags) {
            FieldElement was = remainingWriterTop.get(tag);
            FieldElement now = readerTop.get(tag);
            String at = path + "/" + tag;
            if (now == null) {
                if (was.getLabel() == Field.Label.REQUIRED) {
                    add("REQUIRED_FIELD_REMOVED", at, "the required field '" + was.getName() + "' was removed");
                }
            } else if (was == null) {
                if (now.getLabel() == Field.Label.REQUIRED && !writerAll.containsKey(tag)) {
                    add("REQUIRED_FIELD_ADDED", at, "the required field '" + now.getName() + "' was added");
                }
            } else {
                compareField(at, writerName, readerName, was, now);
            }
        }
        // fields whose oneof membership changed (moved in or out of a oneof, or the oneof renamed): compare by tag
        for (Integer tag : new TreeSet<>(writerAll.keySet())) {
            if (!readerAll.containsKey(tag)) {
                continue;
            }
            String a = writerOneOf.get(tag);
            String b = readerOneOf.get(tag);
            if ((a == null && b == null) || (a != null && a.equals(b))) {
                continue;
            }
            compareField(path + "/" + tag, writerName, readerName, writerAll.get(tag), readerAll.get(tag));
        }
        compareTypes(path + "/", writerName + ".", readerName + ".", writer.getNestedTypes(), reader.getNestedTypes());
    }

    private void compareField(
            String path, String writerScope, String readerScope, FieldElement writer, FieldElement reader) {
        compareType(
                path,
                writer.getName(),
                ProtoType.get(writer.getType()),
                writerScope,
                ProtoType.get(reader.getType()),
                readerScope);
    }

    private void compareType(
            String path, String field, ProtoType writer, String writerScope, ProtoType reader, String readerScope) {
        Kind was = kind(writer, writerTypes, writerScope);
        Kind now = kind(reader, readerTypes, readerScope);
        if (was != now) {
            add("FIELD_KIND_CHANGED", path, "the field '" + field + "' changed from " + writer + " to " + reader);
            return;
        }
        switch (was) {
            case SCALAR -> {
                String a = scalarGroup(writer);
                String b = scalarGroup(reader);
                if (!a.equals(b)) {
                    add(
                            "FIELD_SCALAR_KIND_CHANGED",
                            path,
                            "the field '" + field + "' changed from " + writer + " to " + reader);
                }
            }
            case MAP -> {
                compareType(path, field, writer.getKeyType(), writerScope, reader.getKeyType(), readerScope);
                compareType(path, field, writer.getValueType(), writerScope, reader.getValueType(), readerScope);
            }
            case MESSAGE -> {
                String a = writerTypes.localName(writer.toString(), writerScope);
                String b = readerTypes.localName(reader.toString(), readerScope);
                if (!a.equals(b)) {
                    add(
                            "FIELD_NAMED_TYPE_CHANGED",
                            path,
                            "the field '" + field + "' changed from message " + writer + " to " + reader);
                } else if (compareImported(path, writer.toString(), writerScope, reader.toString(), readerScope)) {
                    add(
                            "FIELD_NAMED_TYPE_CHANGED",
                            path,
                            "the field '" + field + "' has message type " + a + ", changed incompatibly");
                }
            }
        }
    }

    /**
     * A message type of the same name on both sides, when either comes from an import (a reference): its fields are
     * compared as Confluent does (types of this file are compared where they are declared). True when that found
     * problems. Both from the same imported file: nothing to compare.
     */
    private boolean compareImported(
            String path, String writerType, String writerScope, String readerType, String readerScope) {
        String writerFull = writerTypes.fullName(writerType, writerScope);
        String readerFull = readerTypes.fullName(readerType, readerScope);
        if (writerFull == null || readerFull == null) {
            return false; // not declared anywhere we know: compared by name only
        }
        Types.Declared was = writerTypes.declared(writerFull);
        Types.Declared now = readerTypes.declared(readerFull);
        if ((was.origin() == null && now.origin() == null)
                || (was.origin() != null && was.origin().equals(now.origin()))
                || !(was.type() instanceof MessageElement wasMessage)
                || !(now.type() instanceof MessageElement nowMessage)
                || !comparedImports.add(writerFull + " " + readerFull)) {
            return false;
        }
        int before = out.size();
        compareMessage(path, writerFull, readerFull, wasMessage, nowMessage);
        return out.size() > before;
    }

    private static Kind kind(ProtoType type, Types types, String scope) {
        if (type.isScalar()) {
            return Kind.SCALAR;
        }
        if (type.isMap()) {
            return Kind.MAP;
        }
        return types.resolve(type.toString(), scope) instanceof EnumElement ? Kind.SCALAR : Kind.MESSAGE;
    }

    /** Protobuf's groups of scalar types whose encodings read as one another; an enum is a varint. */
    private static String scalarGroup(ProtoType type) {
        if (!type.isScalar()) {
            return "varint"; // an enum
        }
        return switch (type.toString()) {
            case "int32", "int64", "uint32", "uint64", "bool" -> "varint";
            case "sint32", "sint64" -> "zigzag";
            case "string", "bytes" -> "length-delimited";
            case "fixed32", "sfixed32" -> "fixed32";
            case "fixed64", "sfixed64" -> "fixed64";
            default -> type.toString(); // float, double
        };
    }

    private static Map<String, MessageElement> messagesByName(List<TypeElement> types) {
        Map<String, MessageElement> out = new LinkedHashMap<>();
        for (TypeElement type : types) {
            if (type instanceof MessageElement message) {
                out.put(message.getName(), message);
            }
        }
        return out;
    }

    private static Map<Integer, FieldElement> byTag(List<FieldElement> fields) {
        Map<Integer, FieldElement> out = new LinkedHashMap<>();
        fields.forEach(f -> out.put(f.getTag(), f));
        return out;
    }

    private void add(String type, String path, String description) {
        out.add("{errorType:'" + type + "', description:'At path '" + path + "' " + description + "'}");
    }

    /**
     * The named types of one file and of the files it imports by full name, resolved the way protoc resolves a name
     * from inside a scope.
     */
    private static final class Types {
        /** A named type, the package of the file declaring it, and that file when it is an import (else null). */
        record Declared(TypeElement type, String packagePrefix, ProtoFileElement origin) {}

        private final Map<String, Declared> byFullName = new HashMap<>();

        Types(ProtoFileElement file, List<ProtoFileElement> imports) {
            collect(prefix(file), file.getTypes(), prefix(file), null);
            for (ProtoFileElement imported : imports) {
                collect(prefix(imported), imported.getTypes(), prefix(imported), imported);
            }
        }

        private static String prefix(ProtoFileElement file) {
            return file.getPackageName() == null ? "" : file.getPackageName() + ".";
        }

        private void collect(String prefix, List<TypeElement> types, String pkg, ProtoFileElement origin) {
            for (TypeElement type : types) {
                byFullName.putIfAbsent(prefix + type.getName(), new Declared(type, pkg, origin));
                collect(prefix + type.getName() + ".", type.getNestedTypes(), pkg, origin);
            }
        }

        Declared declared(String fullName) {
            return byFullName.get(fullName);
        }

        /** The full name {@code name} means inside {@code scope} (a message's full name), or null if not known. */
        String fullName(String name, String scope) {
            if (name.startsWith(".")) {
                return byFullName.containsKey(name.substring(1)) ? name.substring(1) : null;
            }
            String s = scope;
            while (true) {
                String candidate = s.isEmpty() ? name : s + "." + name;
                if (byFullName.containsKey(candidate)) {
                    return candidate;
                }
                if (s.isEmpty()) {
                    return null;
                }
                int dot = s.lastIndexOf('.');
                s = dot < 0 ? "" : s.substring(0, dot);
            }
        }

        TypeElement resolve(String name, String scope) {
            String full = fullName(name, scope);
            return full == null ? null : byFullName.get(full).type();
        }

        /** The name without the package of the file declaring it (unknown types keep the name as written). */
        String localName(String name, String scope) {
            String full = fullName(name, scope);
            if (full == null) {
                return name.startsWith(".") ? name.substring(1) : name;
            }
            String pkg = byFullName.get(full).packagePrefix();
            return full.startsWith(pkg) ? full.substring(pkg.length()) : full;
        }
    }
}
