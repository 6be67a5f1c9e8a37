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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A field line before validation, with the lines nested under it. Mutable, parser-internal. */
final class RawField {
    final int line;
    final int indent;
    final String name;
    final String type;
    final Map<String, String> attributes = new LinkedHashMap<>();
    boolean ignorable;
    final List<RawField> children = new ArrayList<>();

    RawField(int line, int indent, String name, String type) {
        this.line = line;
        this.indent = indent;
        this.name = name;
        this.type = type;
    }
}
