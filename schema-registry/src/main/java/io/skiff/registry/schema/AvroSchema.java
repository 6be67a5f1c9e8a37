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
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;

/** An AVRO schema, parsed and compared by Apache Avro (its {@link SchemaCompatibility} checker). Immutable. */
final class AvroSchema implements ParsedSchema {
    private final Schema schema;
    private final String canonical;

    private AvroSchema(Schema schema, String canonical) {
        this.schema = schema;
        this.canonical = canonical;
    }

    /**
     * Parses {@code text} after the schemas it references (their named types become known to it).
     *
     * @throws InvalidSchemaException naming the parser's complaint
     */
    static AvroSchema parse(String text, List<ParsedSchema> references) {
        Schema.Parser parser = new Schema.Parser();
        List<Schema> referenced = new ArrayList<>();
        try {
            for (ParsedSchema reference : references) {
                if (!(reference instanceof AvroSchema avro)) {
                    throw new InvalidSchemaException("an AVRO schema can reference AVRO schemas only");
                }
                referenced.add(parser.parse(avro.canonical));
            }
            Schema schema = parser.parse(text);
            // Referenced named types are written by name, as Confluent's registry stores them.
            String canonical = referenced.isEmpty() ? schema.toString() : schema.toString(referenced, false);
            return new AvroSchema(schema, canonical);
        } catch (AvroRuntimeException | NullPointerException | IllegalArgumentException e) {
            throw new InvalidSchemaException("Invalid AVRO schema: " + e.getMessage(), e);
        }
    }

    @Override
    public SchemaType type() {
        return SchemaType.AVRO;
    }

    @Override
    public String canonical() {
        return canonical;
    }

    @Override
    public List<String> readProblems(ParsedSchema writer) {
        Schema written = ((AvroSchema) writer).schema;
        SchemaCompatibility.SchemaCompatibilityResult result = SchemaCompatibility.checkReaderWriterCompatibility(
                        schema, written)
                .getResult();
        List<String> out = new ArrayList<>();
        for (SchemaCompatibility.Incompatibility i : result.getIncompatibilities()) {
            out.add("{errorType:'" + i.getType() + "', description:'" + i.getMessage() + " at path '" + i.getLocation()
                    + "' of the new schema', additionalInfo:'" + i.getMessage() + "'}");
        }
        return out;
    }

    @Override
    public String toString() {
        return canonical;
    }
}
