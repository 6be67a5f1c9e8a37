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
package io.skiff.console.page;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * How a key, value or header is shown: as text (UTF-8; bytes that are not UTF-8 and control characters appear as
 * {@code \xNN} and backslash-u escapes, so nothing is hidden or guessed), as pretty JSON (text when it does not
 * parse), or as hex. The result is plain text for {@link Html#esc}. Stateless.
 */
public enum Bytes {
    TEXT,
    JSON,
    HEX,
    /** Through the schema registry (see {@link RecordsPage}); as text where it does not decode. */
    REGISTRY;

    /** The format of a query parameter value; text by default. */
    public static Bytes of(String name) {
        for (Bytes b : values()) {
            if (b.name().equalsIgnoreCase(name)) {
                return b;
            }
        }
        return TEXT;
    }

    public String render(byte[] bytes) {
        if (bytes == null) {
            return "null";
        }
        return switch (this) {
            case TEXT, REGISTRY -> text(bytes);
            case JSON -> json(bytes);
            case HEX -> hex(bytes);
        };
    }

    /** Whether the bytes are valid UTF-8. */
    public static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    /** UTF-8 text with every malformed byte as {@code \xNN} and control characters but tab and newline escaped. */
    public static String text(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer chars = CharBuffer.allocate(bytes.length + 1);
        StringBuilder out = new StringBuilder(bytes.length);
        while (true) {
            CoderResult result = decoder.decode(in, chars, true);
            chars.flip();
            appendVisible(chars, out);
            chars.clear();
            if (result.isError()) {
                for (int i = 0; i < result.length(); i++) {
                    out.append(String.format(Locale.ROOT, "\\x%02X", in.get() & 0xff));
                }
            } else if (result.isUnderflow()) {
                break;
            }
        }
        return out.toString();
    }

    private static void appendVisible(CharSequence chars, StringBuilder out) {
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.charAt(i);
            if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
                out.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
    }

    private static String json(byte[] bytes) {
        String text = text(bytes);
        try {
            JsonElement parsed = JsonParser.parseString(text);
            if (!parsed.isJsonObject() && !parsed.isJsonArray()) {
                return text;
            }
            return new GsonBuilder()
                    .setPrettyPrinting()
                    .disableHtmlEscaping()
                    .create()
                    .toJson(parsed);
        } catch (JsonParseException e) {
            return text;
        }
    }

    /** Lower-case hex, a space between bytes. */
    public static String hex(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length * 3);
        for (int i = 0; i < bytes.length; i++) {
            if (i > 0) {
                out.append(i % 16 == 0 ? '\n' : ' ');
            }
            out.append(String.format(Locale.ROOT, "%02x", bytes[i] & 0xff));
        }
        return out.toString();
    }
}
