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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one schema file (format: SCHEMA-FORMAT.md) into a {@link MessageSpec}. This class handles the
 * layout (header lines, indentation, tokens); {@link SchemaResolver} checks the meaning. Every mistake is a
 * {@link SchemaException} naming the file and line. Stateless and thread-safe.
 */
public final class SchemaParser {
    private static final Set<String> FLAG_ATTRIBUTES = Set.of("ignorable");
    private static final Set<String> VALUE_ATTRIBUTES = Set.of("v", "nullable", "tag", "tagged", "default");
    private static final Set<String> KAFKA_ONLY = Set.of("mapKey", "entity", "entityType", "zeroCopy", "about");

    public MessageSpec parse(Path file) throws IOException {
        return parse(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
    }

    public MessageSpec parse(String file, String text) {
        String[] rawLines = text.split("\r?\n", -1);
        List<SchemaLine> lines = new ArrayList<>();
        for (int i = 0; i < rawLines.length; i++) {
            SchemaLine l = SchemaLine.parse(file, i + 1, rawLines[i]);
            if (l != null) {
                lines.add(l);
            }
        }
        if (lines.isEmpty()) {
            throw new SchemaException(file, "empty schema file");
        }
        Header header = new Header();
        int index = parseHeader(file, lines, header);
        List<RawField> topLevel = new ArrayList<>();
        Map<String, RawField> commonStructs = new LinkedHashMap<>();
        parseBody(file, lines, index, topLevel, commonStructs);
        MessageSpec declared = new MessageSpec(
                file,
                header.request,
                header.data,
                header.apiName,
                header.apiKey,
                header.versions,
                header.flexible,
                List.of(),
                List.of());
        return new SchemaResolver(declared).resolve(topLevel, commonStructs);
    }

    private static final class Header {
        boolean request;
        boolean data;
        String apiName;
        short apiKey = -1;
        Versions versions;
        Versions flexible;
    }

    private int parseHeader(String file, List<SchemaLine> lines, Header h) {
        SchemaLine first = lines.get(0);
        if (first.indent() != 0
                || first.tokens().size() != 2
                || !(first.tokens().get(0).equals("request")
                        || first.tokens().get(0).equals("response")
                        || first.tokens().get(0).equals("data"))) {
            throw new SchemaException(
                    file,
                    first.number(),
                    "first line must be 'request <ApiName>', 'response <ApiName>' or 'data <Name>'");
        }
        h.request = first.tokens().get(0).equals("request");
        h.data = first.tokens().get(0).equals("data");
        h.apiName = first.tokens().get(1);
        if (!h.apiName.matches("[A-Z][A-Za-z0-9]*")) {
            throw new SchemaException(file, first.number(), "API name '" + h.apiName + "' must be UpperCamelCase");
        }
        String expectedFile = h.apiName + (h.data ? "" : h.request ? "Request" : "Response") + ".schema";
        if (!file.equals(expectedFile)) {
            throw new SchemaException(file, first.number(), "file must be named " + expectedFile);
        }
        int i = 1;
        for (; i < lines.size(); i++) {
            SchemaLine l = lines.get(i);
            String key = l.tokens().get(0);
            if (l.indent() != 0 || !(key.equals("apiKey") || key.equals("versions") || key.equals("flexible"))) {
                break;
            }
            if (l.tokens().size() != 2) {
                throw new SchemaException(file, l.number(), "'" + key + "' takes exactly one value");
            }
            String value = l.tokens().get(1);
            try {
                switch (key) {
                    case "apiKey" -> {
                        if (h.apiKey >= 0) {
                            throw new IllegalArgumentException("apiKey given twice");
                        }
                        int k = Integer.parseInt(value);
                        if (k < 0 || k > Short.MAX_VALUE) {
                            throw new IllegalArgumentException("apiKey out of range");
                        }
                        h.apiKey = (short) k;
                    }
                    case "versions" -> {
                        if (h.versions != null) {
                            throw new IllegalArgumentException("versions given twice");
                        }
                        h.versions = Versions.parse(value);
                        if (h.versions.isEmpty() || h.versions.isOpenEnded()) {
                            throw new IllegalArgumentException("message versions must be a closed range like 0-4");
                        }
                    }
                    default -> {
                        if (h.flexible != null) {
                            throw new IllegalArgumentException("flexible given twice");
                        }
                        h.flexible = Versions.parse(value);
                        if (!h.flexible.isEmpty() && !value.endsWith("+")) {
                            throw new IllegalArgumentException("flexible must be 'N+' or 'none'");
                        }
                    }
                }
            } catch (NumberFormatException e) {
                throw new SchemaException(file, l.number(), "bad number '" + value + "' for " + key);
            } catch (IllegalArgumentException e) {
                throw new SchemaException(file, l.number(), e.getMessage());
            }
        }
        int at = i < lines.size()
                ? lines.get(i).number()
                : lines.get(lines.size() - 1).number();
        if (h.apiKey < 0 && !h.data) {
            throw new SchemaException(file, at, "missing 'apiKey <n>' before the fields");
        }
        if (h.versions == null) {
            throw new SchemaException(file, at, "missing 'versions <range>' before the fields");
        }
        if (h.flexible == null) {
            throw new SchemaException(file, at, "missing 'flexible <N+|none>' before the fields");
        }
        return i;
    }

    private void parseBody(
            String file,
            List<SchemaLine> lines,
            int start,
            List<RawField> topLevel,
            Map<String, RawField> commonStructs) {
        Deque<RawField> stack = new ArrayDeque<>();
        List<RawField> currentTop = topLevel;
        for (int i = start; i < lines.size(); i++) {
            SchemaLine l = lines.get(i);
            if (l.indent() % 2 != 0) {
                throw new SchemaException(
                        file,
                        l.number(),
                        "bad indentation: " + l.indent() + " spaces (use two spaces per nesting level)");
            }
            int level = l.indent() / 2;
            if (level == 0 && l.tokens().get(0).equals("struct")) {
                if (l.tokens().size() != 2 || !l.tokens().get(1).matches("[A-Z][A-Za-z0-9]*")) {
                    throw new SchemaException(file, l.number(), "expected 'struct <StructName>' (UpperCamelCase)");
                }
                String name = l.tokens().get(1);
                if (commonStructs.containsKey(name)) {
                    throw new SchemaException(file, l.number(), "common struct " + name + " defined twice");
                }
                RawField holder = new RawField(l.number(), 0, name, name);
                commonStructs.put(name, holder);
                stack.clear();
                stack.push(holder);
                currentTop = null;
                continue;
            }
            while (!stack.isEmpty() && stack.peek().indent >= l.indent()) {
                stack.pop();
            }
            RawField parent = stack.peek();
            int parentIndent = parent == null ? -2 : parent.indent;
            if (l.indent() != parentIndent + 2) {
                throw new SchemaException(
                        file,
                        l.number(),
                        "bad indentation: " + l.indent() + " spaces, expected " + (parentIndent + 2)
                                + " (two spaces deeper than the enclosing field)");
            }
            if (parent == null && currentTop == null) {
                throw new SchemaException(
                        file,
                        l.number(),
                        "field at column 0 after a common struct: "
                                + "top-level fields must come before the first 'struct' block");
            }
            RawField field = parseField(file, l);
            if (parent == null) {
                currentTop.add(field);
            } else {
                parent.children.add(field);
            }
            stack.push(field);
        }
    }

    private RawField parseField(String file, SchemaLine l) {
        List<String> t = l.tokens();
        if (t.size() < 2) {
            throw new SchemaException(file, l.number(), "field line needs '<name> <type> [attributes]'");
        }
        RawField f = new RawField(l.number(), l.indent(), t.get(0), t.get(1));
        for (String attr : t.subList(2, t.size())) {
            int eq = attr.indexOf('=');
            String key = eq < 0 ? attr : attr.substring(0, eq);
            if (eq < 0) {
                if (!FLAG_ATTRIBUTES.contains(key)) {
                    throw new SchemaException(file, l.number(), unknownAttribute(key));
                }
                f.ignorable = true;
                continue;
            }
            if (!VALUE_ATTRIBUTES.contains(key)) {
                throw new SchemaException(file, l.number(), unknownAttribute(key));
            }
            if (f.attributes.put(key, attr.substring(eq + 1)) != null) {
                throw new SchemaException(file, l.number(), "attribute '" + key + "' given twice");
            }
        }
        return f;
    }

    private static String unknownAttribute(String key) {
        if (KAFKA_ONLY.contains(key)) {
            return "attribute '" + key + "' is not part of the schema format (it does not affect the bytes); remove it";
        }
        return "unknown attribute '" + key + "' (allowed: v=, nullable=, tag=, tagged=, default=, ignorable)";
    }
}
