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

import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A PROTOBUF schema (one .proto file), parsed and rendered by Square Wire's parser; compatibility by Confluent's
 * Protobuf rules ({@link ProtobufCompatibility}). Immutable.
 */
final class ProtobufSchema implements ParsedSchema {
    private final ProtoFileElement file;
    private final String canonical;
    /** The .proto files of its references (its imports and theirs), whose types its fields may use. */
    private final List<ProtoFileElement> imports;

    private ProtobufSchema(ProtoFileElement file, String canonical, List<ProtoFileElement> imports) {
        this.file = file;
        this.canonical = canonical;
        this.imports = imports;
    }

    /** Parses {@code text}; the PROTOBUF schemas among {@code references} are the files it may import. */
    static ProtobufSchema parse(String text, Map<String, ParsedSchema> references) {
        List<ProtoFileElement> imports = new ArrayList<>();
        for (ParsedSchema reference : new LinkedHashSet<>(references.values())) {
            if (reference instanceof ProtobufSchema proto) {
                imports.add(proto.file);
            }
        }
        try {
            ProtoFileElement file = ProtoParser.Companion.parse(Location.get("schema.proto"), text);
            return new ProtobufSchema(file, file.toSchema(), List.copyOf(imports));
        } catch (RuntimeException e) {
            throw new InvalidSchemaException("Invalid PROTOBUF schema: " + e.getMessage(), e);
        }
    }

    @Override
    public SchemaType type() {
        return SchemaType.PROTOBUF;
    }

    @Override
    public String canonical() {
        return canonical;
    }

    @Override
    public List<String> readProblems(ParsedSchema writer) {
        ProtobufSchema written = (ProtobufSchema) writer;
        return ProtobufCompatibility.problems(written.file, written.imports, file, imports);
    }

    @Override
    public String toString() {
        return canonical;
    }
}
