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
package io.skiff.registry.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Confluent's compatibility levels. BACKWARD: the new schema reads data written with the previous one; FORWARD: the
 * previous schema reads data written with the new one; FULL: both. The _TRANSITIVE forms check every earlier version
 * instead of the latest only.
 */
public enum CompatibilityLevel {
    NONE,
    BACKWARD,
    BACKWARD_TRANSITIVE,
    FORWARD,
    FORWARD_TRANSITIVE,
    FULL,
    FULL_TRANSITIVE;

    /** The level by name in any case, or null when there is none of that name. */
    public static CompatibilityLevel parse(String name) {
        if (name == null) {
            return null;
        }
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    public boolean transitive() {
        return name().endsWith("_TRANSITIVE");
    }

    /**
     * The problems of registering {@code candidate} after {@code previous} (oldest first; soft-deleted versions left
     * out by the caller), each message prefixed by the old version it breaks.
     */
    public List<String> problems(ParsedSchema candidate, List<Previous> previous) {
        List<String> out = new ArrayList<>();
        if (this == NONE || previous.isEmpty()) {
            return out;
        }
        List<Previous> against = transitive() ? previous : List.of(previous.get(previous.size() - 1));
        for (Previous old : against) {
            if (old.schema().type() != candidate.type()) {
                out.add("{errorType:'TYPE_CHANGED', description:'The new schema is of type " + candidate.type()
                        + ", the old one of type " + old.schema().type() + "'}");
                out.add("{oldSchemaVersion: " + old.version() + "}");
                continue;
            }
            List<String> found = new ArrayList<>();
            if (this != FORWARD && this != FORWARD_TRANSITIVE) {
                found.addAll(candidate.readProblems(old.schema()));
            }
            if (this != BACKWARD && this != BACKWARD_TRANSITIVE) {
                found.addAll(old.schema().readProblems(candidate));
            }
            if (!found.isEmpty()) {
                out.addAll(found);
                out.add("{oldSchemaVersion: " + old.version() + "}");
                out.add("{oldSchema: '" + old.schema().canonical() + "'}");
            }
        }
        if (!out.isEmpty()) {
            out.add("{compatibility: '" + name() + "'}");
        }
        return out;
    }

    /** An earlier version of the subject. */
    public record Previous(int version, ParsedSchema schema) {}
}
