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

import io.netty.handler.codec.http.QueryStringDecoder;
import io.skiff.http.HttpRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The fields of a posted HTML form ({@code application/x-www-form-urlencoded}). Immutable. */
final class Form {
    private final Map<String, List<String>> fields;

    private Form(Map<String, List<String>> fields) {
        this.fields = fields;
    }

    static Form of(HttpRequest request) {
        return new Form(new LinkedHashMap<>(new QueryStringDecoder(request.body(), false).parameters()));
    }

    /** A field's value, "" when absent. */
    String get(String name) {
        List<String> values = fields.get(name);
        return values == null || values.isEmpty() ? "" : values.get(0);
    }

    /** {@code key=value} lines as a map (blank lines skipped; a line without '=' is a key with an empty value). */
    Map<String, String> lines(String name) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : get(name).split("\r?\n")) {
            if (line.isBlank()) {
                continue;
            }
            int eq = line.indexOf('=');
            out.put(eq < 0 ? line.trim() : line.substring(0, eq).trim(), eq < 0 ? "" : line.substring(eq + 1));
        }
        return out;
    }
}
