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
package io.skiff.protocol.conformance;

import io.skiff.generator.MessageGenerator;
import io.skiff.generator.MessageSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Our parsed schema model (the generator's own parser), keyed by class name. Loaded once; read-only. */
final class OurSchemas {
    private static final Map<String, MessageSpec> BY_CLASS = load();

    private OurSchemas() {}

    /** The schema directory the build generated from (overridable with -Dskiff.schemas.dir). */
    static Path dir() {
        return Path.of(System.getProperty("skiff.schemas.dir", "src/main/schemas"));
    }

    private static Map<String, MessageSpec> load() {
        try {
            Map<String, MessageSpec> m = new HashMap<>();
            for (MessageSpec s : MessageGenerator.parseAll(dir())) {
                m.put(s.className(), s);
            }
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static MessageSpec forClass(String className) {
        MessageSpec s = BY_CLASS.get(className);
        if (s == null) {
            throw new IllegalStateException("no schema for " + className + " in " + dir());
        }
        return s;
    }
}
