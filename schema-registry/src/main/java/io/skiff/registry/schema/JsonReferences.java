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

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON Schemas one schema references (its registered references), found the way a {@code $ref} names them: by
 * the reference's name as written, or by the IRI the {@code $ref} and the name both resolve to from the referencing
 * document's base ({@code $id}). Immutable.
 */
final class JsonReferences {
    /** The base of a document without an absolute {@code $id}, so that relative names still resolve. */
    static final URI DEFAULT_BASE = URI.create("https://schema-registry.invalid/");

    static final JsonReferences NONE = new JsonReferences(Map.of());

    private final Map<String, JsonSchema> byName;

    private JsonReferences(Map<String, JsonSchema> byName) {
        this.byName = byName;
    }

    /** The JSON Schemas among {@code references} (by the name each is referenced by). */
    static JsonReferences of(Map<String, ParsedSchema> references) {
        Map<String, JsonSchema> out = new LinkedHashMap<>();
        references.forEach((name, schema) -> {
            if (schema instanceof JsonSchema json) {
                out.put(name, json);
            }
        });
        return out.isEmpty() ? NONE : new JsonReferences(out);
    }

    /** The base IRI of {@code document}: its {@code $id} resolved against {@code outer}, else {@code outer}. */
    static URI base(JsonNode document, URI outer) {
        JsonNode id = document.path("$id");
        if (!id.isTextual()) {
            id = document.path("id"); // draft 4
        }
        URI resolved = id.isTextual() ? resolve(outer, id.asText()) : null;
        return resolved == null ? outer : resolved;
    }

    /** The referenced schema {@code location} (a {@code $ref} without its fragment) names from {@code base}. */
    JsonSchema document(String location, URI base) {
        JsonSchema exact = byName.get(location);
        if (exact != null) {
            return exact;
        }
        URI wanted = resolve(base, location);
        if (wanted == null) {
            return null;
        }
        for (Map.Entry<String, JsonSchema> e : byName.entrySet()) {
            if (wanted.equals(resolve(base, e.getKey()))) {
                return e.getValue();
            }
        }
        return null;
    }

    /** The text of the referenced schema at {@code iri} (an absolute IRI seen from {@code base}), or null. */
    String text(String iri, URI base) {
        for (Map.Entry<String, JsonSchema> e : byName.entrySet()) {
            URI named = resolve(base, e.getKey());
            if (iri.equals(e.getKey()) || (named != null && iri.equals(named.toString()))) {
                return e.getValue().canonical();
            }
        }
        return null;
    }

    /** {@code location} resolved against {@code base}; {@code base} when it is not an IRI. */
    static URI locate(URI base, String location) {
        URI resolved = resolve(base, location);
        return resolved == null ? base : resolved;
    }

    private static URI resolve(URI base, String reference) {
        try {
            return base.resolve(new URI(reference)).normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null; // not an IRI: can only match a name exactly
        }
    }
}
