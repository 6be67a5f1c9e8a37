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

/** Maps schema types to Java types, defaults and primitive read/write calls. Stateless. */
final class JavaTypes {
    private JavaTypes() {}

    static String javaType(FieldType t) {
        if (t.isArray()) {
            return "List<" + boxed(t.element()) + ">";
        }
        if (t.isStruct()) {
            return t.name();
        }
        return switch (t.name()) {
            case "bool" -> "boolean";
            case "int8" -> "byte";
            case "int16" -> "short";
            case "uint16", "int32" -> "int";
            case "int64" -> "long";
            case "float64" -> "double";
            case "string" -> "String";
            case "bytes" -> "byte[]";
            case "uuid" -> "UUID";
            case "records" -> "Records";
            default -> throw new IllegalStateException("no Java type for " + t);
        };
    }

    static String boxed(FieldType t) {
        return switch (t.name()) {
            case "bool" -> "Boolean";
            case "int8" -> "Byte";
            case "int16" -> "Short";
            case "uint16", "int32" -> "Integer";
            case "int64" -> "Long";
            case "float64" -> "Double";
            default -> javaType(t);
        };
    }

    /** Bytes of a fixed-width type, or -1 for variable-length ones. */
    static int fixedSize(FieldType t) {
        return switch (t.name()) {
            case "bool", "int8" -> 1;
            case "int16", "uint16" -> 2;
            case "int32" -> 4;
            case "int64", "float64" -> 8;
            case "uuid" -> 16;
            default -> -1;
        };
    }

    static String readCall(FieldType t) {
        return switch (t.name()) {
            case "bool" -> "_readable.readByte() != 0";
            case "int8" -> "_readable.readByte()";
            case "int16" -> "_readable.readShort()";
            case "uint16" -> "_readable.readUnsignedShort()";
            case "int32" -> "_readable.readInt()";
            case "int64" -> "_readable.readLong()";
            case "float64" -> "_readable.readDouble()";
            case "uuid" -> "_readable.readUuid()";
            default -> throw new IllegalStateException("not a fixed-width type: " + t);
        };
    }

    static String writeCall(FieldType t, String expr) {
        return switch (t.name()) {
            case "bool" -> "_writable.writeByte(" + expr + " ? (byte) 1 : (byte) 0)";
            case "int8" -> "_writable.writeByte(" + expr + ")";
            case "int16" -> "_writable.writeShort(" + expr + ")";
            case "uint16" -> "_writable.writeUnsignedShort(" + expr + ")";
            case "int32" -> "_writable.writeInt(" + expr + ")";
            case "int64" -> "_writable.writeLong(" + expr + ")";
            case "float64" -> "_writable.writeDouble(" + expr + ")";
            case "uuid" -> "_writable.writeUuid(" + expr + ")";
            default -> throw new IllegalStateException("not a fixed-width type: " + t);
        };
    }

    /** The Java expression for a field's default value (a fresh object for mutable types). */
    static String defaultExpr(FieldSpec f) {
        FieldType t = f.type();
        String d = f.defaultValue();
        if (f.defaultIsNull() || t.isRecords()) {
            return "null";
        }
        if (t.isArray()) {
            return "new ArrayList<>(0)";
        }
        if (t.isStruct()) {
            return "new " + t.name() + "()";
        }
        switch (t.name()) {
            case "bool":
                return d == null ? "false" : d;
            case "string":
                return d == null ? "\"\"" : javaString(d);
            case "bytes":
                return "new byte[0]";
            case "uuid":
                return "Uuids.ZERO";
            case "float64":
                return d == null ? "0.0" : Double.toString(Double.parseDouble(d));
            default:
                long v = d == null ? 0 : SchemaResolver.parseInteger(d).longValue();
                return switch (t.name()) {
                    case "int8" -> "(byte) " + v;
                    case "int16" -> "(short) " + v;
                    case "int64" -> v + "L";
                    default -> Long.toString(v);
                };
        }
    }

    /** A boolean expression that is true when {@code expr} holds the field's default value. */
    static String isDefaultExpr(FieldSpec f, String expr) {
        FieldType t = f.type();
        if (f.defaultIsNull() || t.isRecords()) {
            return expr + " == null";
        }
        if (t.isArray()) {
            return "(" + expr + " != null && " + expr + ".isEmpty())";
        }
        if (t.isStruct()) {
            return "new " + t.name() + "().equals(" + expr + ")";
        }
        return switch (t.name()) {
            case "string" -> defaultExpr(f) + ".equals(" + expr + ")";
            case "bytes" -> "(" + expr + " != null && " + expr + ".length == 0)";
            case "uuid" -> "Uuids.ZERO.equals(" + expr + ")";
            case "float64" -> "Double.compare(" + expr + ", " + defaultExpr(f) + ") == 0";
            default -> expr + " == " + defaultExpr(f);
        };
    }

    static String javaString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    static String capitalize(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
