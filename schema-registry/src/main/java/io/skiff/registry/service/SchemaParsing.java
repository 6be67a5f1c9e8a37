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
package io.skiff.registry.service;

import io.skiff.registry.schema.InvalidSchemaException;
import io.skiff.registry.schema.ParsedSchema;
import io.skiff.registry.schema.SchemaParsers;
import io.skiff.registry.store.Reference;
import io.skiff.registry.store.RegistryException;
import io.skiff.registry.store.SchemaStore;
import io.skiff.registry.store.SchemaVersion;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Schemas parsed with the schemas they reference, looked up in the registry's store; parsed stored versions are
 * cached by id. Not thread-safe: used under the {@link Registry}'s lock.
 */
final class SchemaParsing {
    private final SchemaStore store;
    private final Map<Integer, ParsedSchema> parsedById = new HashMap<>();

    SchemaParsing(SchemaStore store) {
        this.store = store;
    }

    void clear() {
        parsedById.clear();
    }

    /** Keeps what a registration parsed for the id it was stored under. */
    void remember(int id, ParsedSchema parsed) {
        parsedById.putIfAbsent(id, parsed);
    }

    /** A stored version parsed with its references, cached by id (a stored schema never changes). */
    ParsedSchema parsed(SchemaVersion v) {
        ParsedSchema cached = parsedById.get(v.id());
        if (cached != null) {
            return cached;
        }
        ParsedSchema parsed = SchemaParsers.parse(v.type(), v.schema(), resolve(v.references()));
        parsedById.put(v.id(), parsed);
        return parsed;
    }

    /** A schema of a request parsed with its references; 42201 when it is invalid. */
    ParsedSchema parse(SchemaRequest request) {
        Map<String, ParsedSchema> references = resolve(request.references());
        try {
            return SchemaParsers.parse(request.type(), request.schema(), references);
        } catch (InvalidSchemaException e) {
            throw RegistryException.invalidSchema("Invalid schema " + e.getMessage());
        }
    }

    /**
     * The referenced schemas and what they reference in turn, each once, dependencies first, by the name each is
     * referenced by (the first name wins when one schema is referenced under two).
     */
    private Map<String, ParsedSchema> resolve(List<Reference> references) {
        Map<String, ParsedSchema> byName = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (Reference r : references) {
            resolveInto(r, byName, seen, 0);
        }
        return byName;
    }

    private void resolveInto(Reference r, Map<String, ParsedSchema> out, Set<String> seen, int depth) {
        if (depth > 100) {
            throw RegistryException.invalidSchema("Invalid schema: references nest too deep (a cycle?)");
        }
        SchemaVersion target = (r.version() == -1
                        ? store.versions(r.subject(), false).stream().reduce((a, b) -> b)
                        : store.version(r.subject(), r.version()))
                .orElseThrow(() -> RegistryException.invalidSchema("Invalid schema: the reference '" + r.name()
                        + "' names subject '" + r.subject() + "' version " + r.version() + ", which does not exist"));
        String key = target.subject() + "\u0000" + target.version();
        if (seen.add(key)) {
            for (Reference nested : target.references()) {
                resolveInto(nested, out, seen, depth + 1);
            }
        }
        out.putIfAbsent(r.name(), parsed(target));
    }
}
