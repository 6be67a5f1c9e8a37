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

import java.util.ArrayList;
import java.util.List;

/**
 * One significant line of a schema file: its number, indentation and whitespace-separated tokens
 * (a quoted value such as {@code default="a b"} stays one token, quotes removed). Immutable.
 */
record SchemaLine(int number, int indent, List<String> tokens) {

    /** Splits a raw line; returns null for blank and comment-only lines. */
    static SchemaLine parse(String file, int number, String raw) {
        int indent = 0;
        while (indent < raw.length() && (raw.charAt(indent) == ' ' || raw.charAt(indent) == '\t')) {
            if (raw.charAt(indent) == '\t') {
                throw new SchemaException(
                        file, number, "bad indentation: tab character (indent with two spaces per level)");
            }
            indent++;
        }
        List<String> tokens = new ArrayList<>();
        StringBuilder current = null;
        boolean quoted = false;
        for (int i = indent; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (quoted) {
                if (c == '"') {
                    quoted = false;
                } else {
                    current.append(c);
                }
            } else if (c == '"') {
                if (current == null) {
                    current = new StringBuilder();
                }
                quoted = true;
            } else if (c == '#') {
                break;
            } else if (Character.isWhitespace(c)) {
                if (current != null) {
                    tokens.add(current.toString());
                    current = null;
                }
            } else {
                if (current == null) {
                    current = new StringBuilder();
                }
                current.append(c);
            }
        }
        if (quoted) {
            throw new SchemaException(file, number, "unterminated quoted value");
        }
        if (current != null) {
            tokens.add(current.toString());
        }
        return tokens.isEmpty() ? null : new SchemaLine(number, indent, List.copyOf(tokens));
    }
}
