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

/** Accumulates Java source lines with indentation. Not thread-safe. */
final class CodeBuffer {
    private final StringBuilder text = new StringBuilder();
    private int indent;

    /** Appends one line; a line starting with '}' closes a block first, one ending with '{' opens one. */
    CodeBuffer line(String format, Object... args) {
        String l = args.length == 0 ? format : String.format(format, args);
        if (l.startsWith("}")) {
            indent--;
        }
        if (!l.isEmpty()) {
            text.append("    ".repeat(Math.max(indent, 0))).append(l);
        }
        text.append('\n');
        if (l.endsWith("{")) {
            indent++;
        }
        return this;
    }

    CodeBuffer blank() {
        text.append('\n');
        return this;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
