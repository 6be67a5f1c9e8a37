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
package io.skiff.registry;

import io.skiff.broker.extension.RecordDecoder;
import io.skiff.registry.schema.SchemaType;
import io.skiff.registry.service.Registry;
import io.skiff.registry.store.RegistryException;
import io.skiff.registry.store.SchemaVersion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * Decodes keys and values in Confluent's wire format (magic byte 0, the schema id as a 4-byte big-endian int, then the
 * data) with this registry's schemas, for the console: Avro as JSON (through Avro's generic reader), JSON Schema as
 * its JSON text. Protobuf, and Avro schemas with references, are not decoded (empty: the console shows the bytes).
 * Parsed Avro schemas are kept by id (a schema id never changes its schema). Thread-safe.
 */
final class SchemaRecordDecoder implements RecordDecoder {
    private static final byte MAGIC = 0;
    private static final int HEADER = 5;

    private final Registry registry;
    private final Map<Integer, Schema> avro = new ConcurrentHashMap<>();

    SchemaRecordDecoder(Registry registry) {
        this.registry = registry;
    }

    @Override
    public Optional<Decoded> decode(String topic, boolean key, byte[] bytes) {
        if (bytes == null || bytes.length < HEADER || bytes[0] != MAGIC) {
            return Optional.empty();
        }
        int id = ByteBuffer.wrap(bytes, 1, 4).getInt();
        SchemaVersion schema;
        try {
            schema = registry.byId(id);
        } catch (RegistryException unknown) {
            return Optional.empty();
        }
        if (schema.type() == SchemaType.JSON) {
            return Optional.of(
                    new Decoded("JSON", id, new String(bytes, HEADER, bytes.length - HEADER, StandardCharsets.UTF_8)));
        }
        if (schema.type() != SchemaType.AVRO || !schema.references().isEmpty()) {
            return Optional.empty();
        }
        try {
            Schema parsed = avro.computeIfAbsent(id, i -> new Schema.Parser().parse(schema.schema()));
            BinaryDecoder in = DecoderFactory.get().binaryDecoder(bytes, HEADER, bytes.length - HEADER, null);
            Object datum = new GenericDatumReader<>(parsed).read(null, in);
            if (!in.isEnd()) {
                return Optional.empty(); // bytes left over: not written with this schema
            }
            return Optional.of(new Decoded("AVRO", id, GenericData.get().toString(datum)));
        } catch (IOException | AvroRuntimeException | IllegalArgumentException | IndexOutOfBoundsException e) {
            return Optional.empty(); // not Avro of this schema after all
        }
    }
}
