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
import java.util.LinkedHashSet;
import java.util.Map;

/** Parses a schema of any type with its type's library. Stateless. */
public final class SchemaParsers {
    private SchemaParsers() {}

    /**
     * Parses {@code text} of {@code type}; {@code references} are the parsed schemas it names (and those
     * name in turn), dependencies first, by the name it uses for each (an Avro type's name, a .proto file's import
     * path, a JSON Schema {@code $ref} URL).
     *
     * @throws InvalidSchemaException when the library refuses it
     */
    public static ParsedSchema parse(SchemaType type, String text, Map<String, ParsedSchema> references) {
        if (text == null || text.isBlank()) {
            throw new InvalidSchemaException("Empty schema");
        }
        try {
            return switch (type) {
                case AVRO -> AvroSchema.parse(text, new ArrayList<>(new LinkedHashSet<>(references.values())));
                case JSON -> JsonSchema.parse(text, references);
                case PROTOBUF -> ProtobufSchema.parse(text, references);
            };
        } catch (InvalidSchemaException e) {
            throw e;
        } catch (RuntimeException e) { // a library's unexpected complaint is still the schema's fault
            throw new InvalidSchemaException("Invalid " + type + " schema: " + e, e);
        } catch (StackOverflowError e) { // the parsers recurse per nesting level; no real schema nests this deep
            throw new InvalidSchemaException("Invalid " + type + " schema: nested too deeply to parse");
        }
    }
}
