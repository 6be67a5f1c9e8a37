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
package io.skiff.broker.security.sasl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for the claims of a token: objects become maps, arrays lists, numbers doubles, plus strings,
 * booleans and null. Rejects anything that is not well-formed JSON.
 *
 * <p>Stateless.
 */
final class Json {
    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    /** Parses a JSON object. @throws IllegalArgumentException when the text is not one */
    static Map<String, Object> parseObject(String text) {
        Json json = new Json(text);
        json.space();
        Object value = json.value();
        json.space();
        if (!(value instanceof Map<?, ?>) || json.i != text.length()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) value;
        return map;
    }

    private Object value() {
        if (i >= s.length()) {
            throw new IllegalArgumentException("unexpected end of JSON");
        }
        char c = s.charAt(i);
        if (c == '{') {
            i++;
            Map<String, Object> map = new LinkedHashMap<>();
            space();
            if (peek('}')) {
                i++;
                return map;
            }
            while (true) {
                space();
                if (!peek('"')) {
                    throw new IllegalArgumentException("expected a member name at " + i);
                }
                String key = string();
                space();
                expect(':');
                space();
                map.put(key, value());
                space();
                if (peek(',')) {
                    i++;
                } else {
                    expect('}');
                    return map;
                }
            }
        }
        if (c == '[') {
            i++;
            List<Object> list = new ArrayList<>();
            space();
            if (peek(']')) {
                i++;
                return list;
            }
            while (true) {
                space();
                list.add(value());
                space();
                if (peek(',')) {
                    i++;
                } else {
                    expect(']');
                    return list;
                }
            }
        }
        if (c == '"') {
            return string();
        }
        if (s.startsWith("true", i)) {
            i += 4;
            return Boolean.TRUE;
        }
        if (s.startsWith("false", i)) {
            i += 5;
            return Boolean.FALSE;
        }
        if (s.startsWith("null", i)) {
            i += 4;
            return null;
        }
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        if (start == i) {
            throw new IllegalArgumentException("unexpected character in JSON at " + i);
        }
        return Double.parseDouble(s.substring(start, i));
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (i >= s.length()) {
                throw new IllegalArgumentException("unterminated JSON string");
            }
            char c = s.charAt(i++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\') {
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
    }

    private boolean peek(char c) {
        return i < s.length() && s.charAt(i) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw new IllegalArgumentException("expected '" + c + "' in JSON at " + i);
        }
        i++;
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }
}
