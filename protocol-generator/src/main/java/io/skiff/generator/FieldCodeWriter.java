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

/**
 * Emits the statements that read, write and size one field's value, in either the fixed part of a struct
 * or as the payload of a tagged field. Generated code uses the locals {@code _readable}, {@code _writable},
 * {@code _version} and a boolean compact-encoding expression. Not thread-safe (writes to one buffer).
 */
final class FieldCodeWriter {
    private final CodeBuffer code;
    private final String owner;
    private final Versions possible;

    /**
     * @param owner    the struct's display name, used in error messages
     * @param possible the versions the struct can be read/written in (to simplify version conditions)
     */
    FieldCodeWriter(CodeBuffer code, String owner, Versions possible) {
        this.code = code;
        this.owner = owner;
        this.possible = possible;
    }

    private String nullable(FieldSpec f) {
        return f.nullableVersions().condition("_version", possible);
    }

    private String label(FieldSpec f) {
        return owner + "." + f.name();
    }

    /** Statements writing {@code this.<field>}; {@code tagged} selects the tagged form of a nullable struct marker. */
    void write(FieldSpec f, String compact, boolean tagged) {
        FieldType t = f.type();
        String x = "this." + f.name();
        if (JavaTypes.fixedSize(t) > 0) {
            code.line("%s;", JavaTypes.writeCall(t, x));
            return;
        }
        if (t.isString() || t.isBytes() || t.isRecords()) {
            nullCheckOnWrite(f, x);
            String kind = t.isString() ? "String" : t.isBytes() ? "Bytes" : "Records";
            code.line("_writable.writeNullable%s(%s, %s);", kind, x, compact);
            return;
        }
        if (t.isStruct()) {
            String nullable = nullable(f);
            code.line("if (%s == null) {", x);
            if (nullable.equals("false")) {
                code.line(
                        "throw new ProtocolException(\"%s is null but not nullable at version \" + _version);",
                        label(f));
            } else {
                nullGuard(f, nullable);
                code.line(tagged ? "_writable.writeUnsignedVarint(0);" : "_writable.writeByte((byte) -1);");
            }
            code.line("} else {");
            String marker = tagged ? "_writable.writeUnsignedVarint(1);" : "_writable.writeByte((byte) 1);";
            if (nullable.equals("true")) {
                code.line(marker);
            } else if (!nullable.equals("false")) {
                code.line("if (%s) {", nullable);
                code.line(marker);
                code.line("}");
            }
            code.line("%s.write(_writable, _version);", x);
            code.line("}");
            return;
        }
        // arrays
        FieldType el = t.element();
        code.line("if (%s == null) {", x);
        if (nullable(f).equals("false")) {
            code.line("throw new ProtocolException(\"%s is null but not nullable at version \" + _version);", label(f));
        } else {
            nullGuard(f, nullable(f));
            code.line("_writable.writeArrayLength(-1, %s);", compact);
        }
        code.line("} else {");
        code.line("_writable.writeArrayLength(%s.size(), %s);", x, compact);
        code.line("for (%s _element : %s) {", JavaTypes.boxed(el), x);
        if (el.isStruct()) {
            code.line("_element.write(_writable, _version);");
        } else if (el.isString()) {
            code.line("_writable.writeString(_element, %s);", compact);
        } else {
            code.line("%s;", JavaTypes.writeCall(el, "_element"));
        }
        code.line("}");
        code.line("}");
    }

    /** Inside an "is null" branch: throws unless the field is nullable at the version. */
    private void nullGuard(FieldSpec f, String nullable) {
        if (nullable.equals("true")) {
            return;
        }
        code.line("if (!(%s)) {", nullable);
        code.line("throw new ProtocolException(\"%s is null but not nullable at version \" + _version);", label(f));
        code.line("}");
    }

    private void nullCheckOnWrite(FieldSpec f, String x) {
        nullCheck(f, x, "throw new ProtocolException(\"%s is null but not nullable at version \" + _version);");
    }

    /** Writes a check that {@code x} is not null where the field is not nullable, throwing {@code failure}. */
    private void nullCheck(FieldSpec f, String x, String failure) {
        String nullable = nullable(f);
        if (nullable.equals("true")) {
            return;
        }
        code.line(nullable.equals("false") ? "if (%s == null) {" : "if (%s == null && !(%s)) {", x, nullable);
        code.line(failure, label(f));
        code.line("}");
    }

    /** Statements adding the encoded size of {@code this.<field>} to the int local {@code acc}. */
    void size(FieldSpec f, String compact, boolean tagged, String acc) {
        FieldType t = f.type();
        String x = "this." + f.name();
        int fixed = JavaTypes.fixedSize(t);
        if (fixed > 0) {
            code.line("%s += %d;", acc, fixed);
            return;
        }
        if (t.isString() || t.isBytes() || t.isRecords()) {
            String kind = t.isString() ? "String" : t.isBytes() ? "Bytes" : "Records";
            code.line("%s += ByteUtils.sizeOfNullable%s(%s, %s);", acc, kind, x, compact);
            return;
        }
        if (t.isStruct()) {
            String nullable = nullable(f);
            code.line("if (%s == null) {", x);
            code.line("%s += 1;", acc);
            code.line("} else {");
            if (nullable.equals("true")) {
                code.line("%s += 1;", acc);
            } else if (!nullable.equals("false")) {
                code.line("%s += (%s) ? 1 : 0;", acc, nullable);
            }
            code.line("%s += %s.size(_version);", acc, x);
            code.line("}");
            return;
        }
        FieldType el = t.element();
        code.line("if (%s == null) {", x);
        code.line("%s += ByteUtils.sizeOfArrayLength(-1, %s);", acc, compact);
        code.line("} else {");
        code.line("%s += ByteUtils.sizeOfArrayLength(%s.size(), %s);", acc, x, compact);
        int elFixed = JavaTypes.fixedSize(el);
        if (elFixed > 0) {
            code.line("%s += %s.size() * %d;", acc, x, elFixed);
        } else {
            code.line("for (%s _element : %s) {", JavaTypes.boxed(el), x);
            if (el.isStruct()) {
                code.line("%s += _element.size(_version);", acc);
            } else {
                code.line("%s += ByteUtils.sizeOfNullableString(_element, %s);", acc, compact);
            }
            code.line("}");
        }
        code.line("}");
    }

    /** Statements reading a value into {@code this.<field>}. */
    void read(FieldSpec f, String compact, boolean tagged) {
        FieldType t = f.type();
        String x = "this." + f.name();
        if (JavaTypes.fixedSize(t) > 0) {
            code.line("%s = %s;", x, JavaTypes.readCall(t));
            return;
        }
        if (t.isString() || t.isBytes() || t.isRecords()) {
            String kind = t.isString() ? "String" : t.isBytes() ? "Bytes" : "Records";
            code.line("%s = _readable.readNullable%s(%s);", x, kind, compact);
            nullCheckOnRead(f, x);
            return;
        }
        if (t.isStruct()) {
            String nullable = nullable(f);
            if (!nullable.equals("false")) {
                String marker = tagged ? "_readable.readUnsignedVarint() <= 0" : "_readable.readByte() < 0";
                code.line(nullable.equals("true") ? "if (%2$s) {" : "if ((%1$s) && %2$s) {", nullable, marker);
                code.line("%s = null;", x);
                code.line("} else {");
            }
            code.line("%s = new %s(_readable, _version);", x, t.name());
            if (!nullable.equals("false")) {
                code.line("}");
            }
            return;
        }
        FieldType el = t.element();
        code.line("{");
        code.line("int _count = _readable.readArrayLength(%s);", compact);
        String nullable = nullable(f);
        code.line("if (_count < 0) {");
        if (nullable.equals("false")) {
            code.line("throw new ProtocolException(\"non-nullable field %s was serialized as null\");", label(f));
        } else {
            if (!nullable.equals("true")) {
                code.line("if (!(%s)) {", nullable);
                code.line("throw new ProtocolException(\"non-nullable field %s was serialized as null\");", label(f));
                code.line("}");
            }
            code.line("%s = null;", x);
        }
        code.line("} else {");
        code.line("ArrayList<%s> _list = new ArrayList<>(_count);", JavaTypes.boxed(el));
        code.line("for (int _k = 0; _k < _count; _k++) {");
        if (el.isStruct()) {
            code.line("_list.add(new %s(_readable, _version));", el.name());
        } else if (el.isString()) {
            code.line("_list.add(_readable.readString(%s));", compact);
        } else {
            code.line("_list.add(%s);", JavaTypes.readCall(el));
        }
        code.line("}");
        code.line("%s = _list;", x);
        code.line("}");
        code.line("}");
    }

    private void nullCheckOnRead(FieldSpec f, String x) {
        nullCheck(f, x, "throw new ProtocolException(\"non-nullable field %s was serialized as null\");");
    }
}
