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
package io.skiff.registry.testing;

import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.MessageElement;
import com.squareup.wire.schema.internal.parser.OneOfElement;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import com.squareup.wire.schema.internal.parser.TypeElement;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Renders a Protobuf message as text format ({@code name: value}, nested messages in braces) from the bytes and the
 * {@code .proto} text alone, without generated classes: field names and types come from Square Wire's parse of the
 * schema. Scalars, strings, enums (as numbers), packed repeated scalars and messages of the same file are decoded;
 * bytes, maps and messages from imported files are written as hex. Stateless.
 */
final class ProtobufText {
    private ProtobufText() {}

    /** The message the index path names: the first index picks a top-level type, the next ones nested types. */
    static MessageElement message(String proto, List<Integer> indexes) {
        ProtoFileElement file = ProtoParser.Companion.parse(Location.get("schema.proto"), proto);
        List<MessageElement> level = messages(file.getTypes());
        MessageElement message = null;
        for (int index : indexes) {
            if (index < 0 || index >= level.size()) {
                throw new IllegalArgumentException("no message at index path " + indexes);
            }
            message = level.get(index);
            level = messages(message.getNestedTypes());
        }
        return message;
    }

    /** The text of one message's bytes; {@code root} is the top-level message list for finding field types. */
    static String render(String proto, MessageElement message, ByteBuffer bytes) {
        ProtoFileElement file = ProtoParser.Companion.parse(Location.get("schema.proto"), proto);
        StringBuilder out = new StringBuilder();
        render(file, message, bytes, "", out);
        return out.toString();
    }

    private static void render(
            ProtoFileElement file, MessageElement message, ByteBuffer in, String indent, StringBuilder out) {
        while (in.hasRemaining()) {
            long key = varint(in);
            int tag = (int) (key >>> 3);
            int wireType = (int) (key & 7);
            FieldElement field = field(message, tag);
            String name = field == null ? String.valueOf(tag) : field.getName();
            String type = field == null ? "" : field.getType();
            switch (wireType) {
                case 0 -> {
                    long v = varint(in);
                    out.append(indent)
                            .append(name)
                            .append(": ")
                            .append(varintText(type, v))
                            .append('\n');
                }
                case 1 -> {
                    long v = Long.reverseBytes(in.getLong());
                    out.append(indent)
                            .append(name)
                            .append(": ")
                            .append(
                                    type.equals("double")
                                            ? String.valueOf(Double.longBitsToDouble(v))
                                            : String.valueOf(v))
                            .append('\n');
                }
                case 5 -> {
                    int v = Integer.reverseBytes(in.getInt());
                    out.append(indent)
                            .append(name)
                            .append(": ")
                            .append(type.equals("float") ? String.valueOf(Float.intBitsToFloat(v)) : fixed32(type, v))
                            .append('\n');
                }
                case 2 -> {
                    int length = (int) varint(in);
                    ByteBuffer slice = in.slice(in.position(), length);
                    in.position(in.position() + length);
                    MessageElement nested = type.isEmpty() ? null : find(file, message, type);
                    if (type.equals("string")) {
                        out.append(indent)
                                .append(name)
                                .append(": \"")
                                .append(StandardCharsets.UTF_8
                                        .decode(slice)
                                        .toString()
                                        .replace("\"", "\\\""))
                                .append("\"\n");
                    } else if (nested != null) {
                        out.append(indent).append(name).append(" {\n");
                        render(file, nested, slice, indent + "  ", out);
                        out.append(indent).append("}\n");
                    } else if (isPackable(type)) {
                        while (slice.hasRemaining()) {
                            String v = switch (type) {
                                case "double" ->
                                    String.valueOf(Double.longBitsToDouble(Long.reverseBytes(slice.getLong())));
                                case "fixed64", "sfixed64" -> String.valueOf(Long.reverseBytes(slice.getLong()));
                                case "float" ->
                                    String.valueOf(Float.intBitsToFloat(Integer.reverseBytes(slice.getInt())));
                                case "fixed32", "sfixed32" -> fixed32(type, Integer.reverseBytes(slice.getInt()));
                                default -> varintText(type, varint(slice));
                            };
                            out.append(indent)
                                    .append(name)
                                    .append(": ")
                                    .append(v)
                                    .append('\n');
                        }
                    } else {
                        byte[] raw = new byte[slice.remaining()];
                        slice.get(raw);
                        out.append(indent)
                                .append(name)
                                .append(": 0x")
                                .append(HexFormat.of().formatHex(raw))
                                .append('\n');
                    }
                }
                default -> throw new IllegalArgumentException("unsupported wire type " + wireType + " at tag " + tag);
            }
        }
    }

    private static boolean isPackable(String type) {
        return switch (type) {
            case "int32",
                    "int64",
                    "uint32",
                    "uint64",
                    "sint32",
                    "sint64",
                    "bool",
                    "fixed32",
                    "fixed64",
                    "sfixed32",
                    "sfixed64",
                    "float",
                    "double" -> true;
            default -> false; // an enum is packable too, but its name cannot be told from a message's here
        };
    }

    private static String varintText(String type, long v) {
        return switch (type) {
            case "sint32", "sint64" -> String.valueOf((v >>> 1) ^ -(v & 1));
            case "bool" -> String.valueOf(v != 0);
            case "int32" -> String.valueOf((int) v);
            case "uint32" -> String.valueOf(v & 0xFFFFFFFFL);
            case "uint64" -> Long.toUnsignedString(v);
            default -> String.valueOf(v);
        };
    }

    private static String fixed32(String type, int v) {
        return type.equals("fixed32") ? String.valueOf(v & 0xFFFFFFFFL) : String.valueOf(v);
    }

    private static FieldElement field(MessageElement message, int tag) {
        for (FieldElement f : message.getFields()) {
            if (f.getTag() == tag) {
                return f;
            }
        }
        for (OneOfElement oneOf : message.getOneOfs()) {
            for (FieldElement f : oneOf.getFields()) {
                if (f.getTag() == tag) {
                    return f;
                }
            }
        }
        return null;
    }

    /** A message type by its (simple or dotted) name: nested in the current message first, then the file's. */
    private static MessageElement find(ProtoFileElement file, MessageElement from, String type) {
        String simple = type.substring(type.lastIndexOf('.') + 1);
        for (MessageElement m : messages(from.getNestedTypes())) {
            if (m.getName().equals(simple)) {
                return m;
            }
        }
        return findIn(messages(file.getTypes()), simple);
    }

    private static MessageElement findIn(List<MessageElement> level, String simple) {
        for (MessageElement m : level) {
            if (m.getName().equals(simple)) {
                return m;
            }
            MessageElement nested = findIn(messages(m.getNestedTypes()), simple);
            if (nested != null) {
                return nested;
            }
        }
        return null;
    }

    private static List<MessageElement> messages(List<TypeElement> types) {
        List<MessageElement> out = new ArrayList<>();
        for (TypeElement t : types) {
            if (t instanceof MessageElement m) {
                out.add(m);
            }
        }
        return out;
    }

    static long varint(ByteBuffer in) {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.get();
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new IllegalArgumentException("malformed varint");
    }
}
