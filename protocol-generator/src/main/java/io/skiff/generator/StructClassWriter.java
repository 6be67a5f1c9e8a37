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

import java.util.Comparator;
import java.util.List;

/**
 * Emits one generated class for a struct: fields with defaults, accessors, read/write/size for every
 * version, and equals/hashCode/toString. The top-level class of a message additionally implements
 * {@code ApiMessage} and holds its nested struct classes (emitted by {@link MessageClassWriter}); a response with a
 * {@code throttleTimeMs} implements {@code ThrottledResponse}, and any struct with {@code errorCode} and
 * {@code errorMessage} implements {@code ErrorResult}.
 * Not thread-safe.
 */
final class StructClassWriter {
    private final CodeBuffer code;
    private final MessageSpec message;
    private final StructSpec struct;
    private final boolean topLevel;
    private final Versions possible;
    private final FieldCodeWriter fields;

    StructClassWriter(CodeBuffer code, MessageSpec message, StructSpec struct, boolean topLevel) {
        this.code = code;
        this.message = message;
        this.struct = struct;
        this.topLevel = topLevel;
        this.possible = topLevel ? message.versions() : struct.versions().intersect(message.versions());
        String owner = topLevel ? message.className() : message.className() + "." + struct.name();
        this.fields = new FieldCodeWriter(code, owner, possible);
    }

    private String cond(Versions v) {
        return v.condition("_version", possible);
    }

    /** Versions in which the field is in the struct's fixed part: present and not tagged. */
    private String untaggedCond(FieldSpec f) {
        if (!f.isTagged()) {
            return cond(f.versions());
        }
        Versions t = f.taggedVersions();
        Versions v = f.versions();
        if (t.contains(v)) {
            return "false";
        }
        if (t.isOpenEnded() && t.lowest() > v.lowest()) {
            return cond(new Versions(v.lowest(), (short) (t.lowest() - 1)).intersect(v));
        }
        return "(" + cond(v) + " && !(" + cond(t) + "))";
    }

    private String flexibleCond() {
        return message.flexibleVersions().condition("_version", message.versions());
    }

    private List<FieldSpec> taggedFields() {
        return struct.fields().stream()
                .filter(FieldSpec::isTagged)
                .sorted(Comparator.comparingInt(FieldSpec::tag))
                .toList();
    }

    private boolean hasField(String name, String type) {
        return struct.fields().stream()
                .anyMatch(f -> f.name().equals(name) && f.type().name().equals(type));
    }

    /** {@code base}, and {@code ErrorResult} for a struct with both error fields. */
    private String interfaces(String base) {
        return hasField("errorCode", "int16") && hasField("errorMessage", "string")
                ? base + ", io.skiff.protocol.ErrorResult"
                : base;
    }

    void writeClassOpen() {
        if (topLevel) {
            if (message.data()) {
                code.line("public final class %s implements %s {", message.className(), interfaces("Message"));
            } else {
                boolean throttled = !message.request() && hasField("throttleTimeMs", "int32");
                code.line(
                        "public final class %s implements %s {",
                        message.className(),
                        interfaces(throttled ? "io.skiff.protocol.ThrottledResponse" : "ApiMessage"));
                code.line("public static final short API_KEY = %d;", message.apiKey());
            }
            code.line(
                    "public static final short LOWEST_SUPPORTED_VERSION = %d;",
                    message.versions().lowest());
            code.line(
                    "public static final short HIGHEST_SUPPORTED_VERSION = %d;",
                    message.versions().highest());
        } else {
            code.line("public static final class %s implements %s {", struct.name(), interfaces("Message"));
        }
        code.blank();
        for (FieldSpec f : struct.fields()) {
            code.line("private %s %s;", JavaTypes.javaType(f.type()), f.name());
        }
        code.line("private List<RawTaggedField> _unknownTaggedFields;");
        code.blank();
        String cls = topLevel ? message.className() : struct.name();
        code.line("/** Creates an instance holding every field's default. */");
        code.line("public %s() {", cls);
        for (FieldSpec f : struct.fields()) {
            code.line("this.%s = %s;", f.name(), JavaTypes.defaultExpr(f));
        }
        code.line("}");
        code.blank();
        code.line("/** Creates an instance by decoding {@code _readable} at {@code _version}. */");
        code.line("public %s(Readable _readable, short _version) {", cls);
        code.line("read(_readable, _version);");
        code.line("}");
        code.blank();
        if (topLevel && !message.data()) {
            code.line("@Override");
            code.line("public short apiKey() {");
            code.line("return API_KEY;");
            code.line("}");
            code.blank();
            code.line("@Override");
            code.line("public short lowestSupportedVersion() {");
            code.line("return LOWEST_SUPPORTED_VERSION;");
            code.line("}");
            code.blank();
            code.line("@Override");
            code.line("public short highestSupportedVersion() {");
            code.line("return HIGHEST_SUPPORTED_VERSION;");
            code.line("}");
            code.blank();
        }
        writeRead();
        writeWrite();
        writeSize();
        writeAccessors(cls);
        writeEquals(cls);
        writeHashCode();
        writeToString(cls);
    }

    void writeClassClose() {
        code.line("}");
    }

    private void versionGuard() {
        if (topLevel) {
            code.line("if (_version < LOWEST_SUPPORTED_VERSION || _version > HIGHEST_SUPPORTED_VERSION) {");
            code.line("throw new UnsupportedVersionException(\"%s has no version \" + _version);", message.className());
            code.line("}");
        }
    }

    private void writeRead() {
        code.line("@Override");
        code.line("public void read(Readable _readable, short _version) {");
        versionGuard();
        code.line("boolean _flexible = %s;", flexibleCond());
        for (FieldSpec f : struct.fields()) {
            String c = untaggedCond(f);
            if (c.equals("true")) {
                fields.read(f, "_flexible", false);
            } else if (c.equals("false")) {
                code.line("this.%s = %s;", f.name(), JavaTypes.defaultExpr(f));
            } else {
                code.line("if (%s) {", c);
                fields.read(f, "_flexible", false);
                code.line("} else {");
                code.line("this.%s = %s;", f.name(), JavaTypes.defaultExpr(f));
                code.line("}");
            }
        }
        code.line("this._unknownTaggedFields = null;");
        code.line("if (_flexible) {");
        code.line("int _numTaggedFields = _readable.readUnsignedVarint();");
        code.line("for (int _i = 0; _i < _numTaggedFields; _i++) {");
        code.line("int _tag = _readable.readUnsignedVarint();");
        code.line("int _tagSize = _readable.readUnsignedVarint();");
        code.line("if (_tagSize < 0 || _tagSize > _readable.remaining()) {");
        code.line(
                "throw new ProtocolException(\"tagged field \" + _tag + \" of %s claims \" + "
                        + "Integer.toUnsignedString(_tagSize) + \" bytes but only \" + _readable.remaining() + \" remain\");",
                message.className());
        code.line("}");
        List<FieldSpec> tagged = taggedFields();
        if (!tagged.isEmpty()) {
            code.line("switch (_tag) {");
            for (FieldSpec f : tagged) {
                code.line("case %d: {", f.tag());
                String tc = cond(f.taggedVersions());
                if (!tc.equals("true")) {
                    code.line("if (!(%s)) {", tc);
                    code.line(
                            "throw new ProtocolException(\"tag %d is not valid for version \" + _version + \" of %s\");",
                            f.tag(), message.className());
                    code.line("}");
                }
                code.line("int _end = _readable.remaining() - _tagSize;");
                fields.read(f, "true", true);
                code.line("if (_readable.remaining() != _end) {");
                code.line(
                        "throw new ProtocolException(\"tagged field %s.%s: declared size \" + _tagSize + \" does not match its content\");",
                        struct.name(), f.name());
                code.line("}");
                code.line("break;");
                code.line("}");
            }
            code.line("default:");
            code.line("unknownTaggedFields().add(new RawTaggedField(_tag, _readable.readByteArray(_tagSize)));");
            code.line("break;");
            code.line("}");
        } else {
            code.line("unknownTaggedFields().add(new RawTaggedField(_tag, _readable.readByteArray(_tagSize)));");
        }
        code.line("}");
        code.line("}");
        code.line("}");
        code.blank();
    }

    private void nonDefaultCheck(FieldSpec f) {
        if (f.ignorable()) {
            return;
        }
        String present = cond(f.versions());
        if (present.equals("true")) {
            return;
        }
        String absent = present.equals("false") ? "true" : "!(" + present + ")";
        code.line("if (%s && !(%s)) {", absent, JavaTypes.isDefaultExpr(f, "this." + f.name()));
        code.line(
                "throw new UnsupportedVersionException(\"Attempted to write a non-default %s at version \" + _version + \" of %s\");",
                f.name(), message.className());
        code.line("}");
    }

    private void writeWrite() {
        code.line("@Override");
        code.line("public void write(Writable _writable, short _version) {");
        versionGuard();
        code.line("boolean _flexible = %s;", flexibleCond());
        for (FieldSpec f : struct.fields()) {
            String c = untaggedCond(f);
            if (c.equals("true")) {
                fields.write(f, "_flexible", false);
                continue;
            }
            if (!c.equals("false")) {
                code.line("if (%s) {", c);
                fields.write(f, "_flexible", false);
                code.line("}");
            }
            nonDefaultCheck(f);
        }
        List<FieldSpec> tagged = taggedFields();
        code.line("List<RawTaggedField> _unknown = _unknownTaggedFields == null ? List.of() : _unknownTaggedFields;");
        code.line("if (_flexible) {");
        code.line("int _numTaggedFields = _unknown.size();");
        for (FieldSpec f : tagged) {
            code.line(
                    "boolean _write%s = %s && !(%s);",
                    JavaTypes.capitalize(f.name()),
                    cond(f.taggedVersions()),
                    JavaTypes.isDefaultExpr(f, "this." + f.name()));
            code.line("if (_write%s) {", JavaTypes.capitalize(f.name()));
            code.line("_numTaggedFields++;");
            code.line("}");
        }
        code.line("_writable.writeUnsignedVarint(_numTaggedFields);");
        code.line("int _rawIndex = 0;");
        for (FieldSpec f : tagged) {
            code.line("_rawIndex = RawTaggedField.writeBefore(_writable, _unknown, _rawIndex, %d);", f.tag());
            code.line("if (_write%s) {", JavaTypes.capitalize(f.name()));
            code.line("int _dataSize = 0;");
            fields.size(f, "true", true, "_dataSize");
            code.line("_writable.writeUnsignedVarint(%d);", f.tag());
            code.line("_writable.writeUnsignedVarint(_dataSize);");
            fields.write(f, "true", true);
            code.line("}");
        }
        code.line("RawTaggedField.writeBefore(_writable, _unknown, _rawIndex, -1);");
        code.line("} else if (!_unknown.isEmpty()) {");
        code.line(
                "throw new UnsupportedVersionException(\"Tagged fields were set, but version \" + _version + \" of %s does not support them\");",
                message.className());
        code.line("}");
        code.line("}");
        code.blank();
    }

    private void writeSize() {
        code.line("@Override");
        code.line("public int size(short _version) {");
        versionGuard();
        code.line("boolean _flexible = %s;", flexibleCond());
        code.line("int _size = 0;");
        for (FieldSpec f : struct.fields()) {
            String c = untaggedCond(f);
            if (c.equals("true")) {
                fields.size(f, "_flexible", false, "_size");
            } else if (!c.equals("false")) {
                code.line("if (%s) {", c);
                fields.size(f, "_flexible", false, "_size");
                code.line("}");
            }
        }
        code.line("if (_flexible) {");
        code.line("List<RawTaggedField> _unknown = _unknownTaggedFields == null ? List.of() : _unknownTaggedFields;");
        code.line("int _numTaggedFields = _unknown.size();");
        code.line("_size += RawTaggedField.totalSize(_unknown);");
        for (FieldSpec f : taggedFields()) {
            code.line("if (%s && !(%s)) {", cond(f.taggedVersions()), JavaTypes.isDefaultExpr(f, "this." + f.name()));
            code.line("_numTaggedFields++;");
            code.line("int _dataSize = 0;");
            fields.size(f, "true", true, "_dataSize");
            code.line(
                    "_size += ByteUtils.sizeOfUnsignedVarint(%d) + ByteUtils.sizeOfUnsignedVarint(_dataSize) + _dataSize;",
                    f.tag());
            code.line("}");
        }
        code.line("_size += ByteUtils.sizeOfUnsignedVarint(_numTaggedFields);");
        code.line("}");
        code.line("return _size;");
        code.line("}");
        code.blank();
    }

    private void writeAccessors(String cls) {
        for (FieldSpec f : struct.fields()) {
            String type = JavaTypes.javaType(f.type());
            code.line("public %s %s() {", type, f.name());
            code.line("return this.%s;", f.name());
            code.line("}");
            code.blank();
            code.line("public %s set%s(%s v) {", cls, JavaTypes.capitalize(f.name()), type);
            if (f.type().name().equals("uint16")) {
                code.line("if (v < 0 || v > 65535) {");
                code.line(
                        "throw new IllegalArgumentException(\"%s must be between 0 and 65535, was \" + v);", f.name());
                code.line("}");
            }
            code.line("this.%s = v;", f.name());
            code.line("return this;");
            code.line("}");
            code.blank();
        }
        code.line("@Override");
        code.line("public List<RawTaggedField> unknownTaggedFields() {");
        code.line("if (_unknownTaggedFields == null) {");
        code.line("_unknownTaggedFields = new ArrayList<>(0);");
        code.line("}");
        code.line("return _unknownTaggedFields;");
        code.line("}");
        code.blank();
    }

    private void writeEquals(String cls) {
        code.line("@Override");
        code.line("public boolean equals(Object obj) {");
        code.line("if (this == obj) {");
        code.line("return true;");
        code.line("}");
        code.line("if (!(obj instanceof %s)) {", cls);
        code.line("return false;");
        code.line("}");
        code.line("%s other = (%s) obj;", cls, cls);
        for (FieldSpec f : struct.fields()) {
            String n = f.name();
            String differs;
            if (f.type().isFloat()) {
                differs = "Double.compare(this." + n + ", other." + n + ") != 0";
            } else if (JavaTypes.fixedSize(f.type()) > 0 && !f.type().isUuid()) {
                differs = "this." + n + " != other." + n;
            } else if (f.type().isBytes()) {
                differs = "!Arrays.equals(this." + n + ", other." + n + ")";
            } else {
                differs = "!Objects.equals(this." + n + ", other." + n + ")";
            }
            code.line("if (%s) {", differs);
            code.line("return false;");
            code.line("}");
        }
        code.line("return RawTaggedField.equalLists(this._unknownTaggedFields, other._unknownTaggedFields);");
        code.line("}");
        code.blank();
    }

    private void writeHashCode() {
        code.line("@Override");
        code.line("public int hashCode() {");
        code.line("int h = 0;");
        for (FieldSpec f : struct.fields()) {
            String n = "this." + f.name();
            String hash = switch (f.type().isArray() || f.type().isStruct()
                    ? "obj"
                    : f.type().name()) {
                case "bool" -> "Boolean.hashCode(" + n + ")";
                case "int8" -> "Byte.hashCode(" + n + ")";
                case "int16" -> "Short.hashCode(" + n + ")";
                case "uint16", "int32" -> n;
                case "int64" -> "Long.hashCode(" + n + ")";
                case "float64" -> "Double.hashCode(" + n + ")";
                case "bytes" -> "Arrays.hashCode(" + n + ")";
                default -> "Objects.hashCode(" + n + ")";
            };
            code.line("h = 31 * h + %s;", hash);
        }
        code.line("return h;");
        code.line("}");
        code.blank();
    }

    private void writeToString(String cls) {
        code.line("@Override");
        code.line("public String toString() {");
        code.line("StringBuilder b = new StringBuilder(\"%s(\");", cls);
        String sep = "";
        for (FieldSpec f : struct.fields()) {
            String n = "this." + f.name();
            String value;
            if (f.type().isString()) {
                value = "(" + n + " == null ? \"null\" : \"'\" + " + n + " + \"'\")";
            } else if (f.type().isBytes()) {
                value = "Arrays.toString(" + n + ")";
            } else {
                value = n;
            }
            code.line("b.append(\"%s%s=\").append(%s);", sep, f.name(), value);
            sep = ", ";
        }
        code.line("return b.append(')').toString();");
        code.line("}");
    }
}
