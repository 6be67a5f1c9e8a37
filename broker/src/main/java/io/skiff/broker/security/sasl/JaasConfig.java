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

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the options of a {@code sasl.jaas.config} value, Kafka's one-line JAAS syntax:
 * {@code org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" user_alice="secret";}.
 * Values may be quoted (with backslash escapes) or bare words.
 *
 * <p>Stateless.
 */
public final class JaasConfig {
    private JaasConfig() {}

    /**
     * The options of the first login module in {@code text}.
     *
     * @throws IllegalArgumentException when the text is not a login module entry
     */
    public static Map<String, String> options(String text) {
        Map<String, String> options = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return options;
        }
        Cursor c = new Cursor(text.trim());
        String module = c.word();
        String flag = c.word();
        if (module.isEmpty()
                || !(flag.equals("required")
                        || flag.equals("requisite")
                        || flag.equals("sufficient")
                        || flag.equals("optional"))) {
            throw new IllegalArgumentException(
                    "expected 'LoginModuleClass required key=\"value\" ...;' in sasl.jaas.config");
        }
        while (true) {
            c.skipSpaces();
            if (c.atEnd() || c.peek() == ';') {
                return options;
            }
            String key = c.until('=');
            if (c.atEnd()) {
                throw new IllegalArgumentException("option '" + key + "' of sasl.jaas.config has no value");
            }
            c.next(); // '='
            options.put(key.trim(), c.value());
        }
    }

    private static final class Cursor {
        private final String s;
        private int i;

        Cursor(String s) {
            this.s = s;
        }

        boolean atEnd() {
            return i >= s.length();
        }

        char peek() {
            return s.charAt(i);
        }

        char next() {
            return s.charAt(i++);
        }

        void skipSpaces() {
            while (!atEnd() && Character.isWhitespace(peek())) {
                i++;
            }
        }

        String word() {
            skipSpaces();
            int start = i;
            while (!atEnd() && !Character.isWhitespace(peek()) && peek() != ';') {
                i++;
            }
            return s.substring(start, i);
        }

        String until(char stop) {
            int start = i;
            while (!atEnd() && peek() != stop) {
                i++;
            }
            return s.substring(start, i);
        }

        String value() {
            if (!atEnd() && peek() == '"') {
                i++;
                StringBuilder sb = new StringBuilder();
                while (!atEnd() && peek() != '"') {
                    char ch = next();
                    if (ch == '\\' && !atEnd()) {
                        ch = next();
                    }
                    sb.append(ch);
                }
                if (atEnd()) {
                    throw new IllegalArgumentException("unterminated quoted value in sasl.jaas.config");
                }
                i++;
                return sb.toString();
            }
            int start = i;
            while (!atEnd() && !Character.isWhitespace(peek()) && peek() != ';') {
                i++;
            }
            return s.substring(start, i);
        }
    }
}
