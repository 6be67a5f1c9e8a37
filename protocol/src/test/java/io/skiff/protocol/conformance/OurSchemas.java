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
