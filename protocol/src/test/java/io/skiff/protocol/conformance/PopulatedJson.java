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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.skiff.generator.FieldSpec;
import io.skiff.generator.FieldType;
import io.skiff.generator.StructSpec;
import io.skiff.protocol.Uuids;
import java.util.Random;
import java.util.UUID;

/**
 * Builds, from OUR schema model, the JSON that Kafka's {@code *DataJsonConverter.read} turns into a fully
 * populated official message: every field present at the version holds a non-default value (arrays hold
 * two elements, nested structs are filled too). Deterministic for a seed. Not thread-safe.
 */
final class PopulatedJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private final Random random;
    private final int arrayLength;

    PopulatedJson(long seed, int arrayLength) {
        this.random = new Random(seed);
        this.arrayLength = arrayLength;
    }

    ObjectNode struct(StructSpec s, short version) {
        ObjectNode node = F.objectNode();
        for (FieldSpec f : s.fields()) {
            if (f.versions().contains(version)) {
                node.set(f.name(), value(f, f.type(), version));
            }
        }
        return node;
    }

    private JsonNode value(FieldSpec f, FieldType t, short version) {
        if (t.isArray()) {
            ArrayNode a = F.arrayNode();
            for (int i = 0; i < arrayLength; i++) {
                a.add(t.element().isStruct() ? struct(f.struct(), version) : primitive(f, t.element(), false));
            }
            return a;
        }
        if (t.isStruct()) {
            return struct(f.struct(), version);
        }
        return primitive(f, t, true);
    }

    private JsonNode primitive(FieldSpec f, FieldType t, boolean useDefault) {
        String def = useDefault ? f.defaultValue() : null;
        switch (t.name()) {
            case "bool":
                return F.booleanNode(!"true".equals(def));
            case "int8":
                return F.numberNode(nonDefault(1 + random.nextInt(126), f, useDefault));
            case "int16":
                return F.numberNode(nonDefault(1 + random.nextInt(32000), f, useDefault));
            case "uint16":
                return F.numberNode(nonDefault(32768 + random.nextInt(32000), f, useDefault));
            case "int32":
                return F.numberNode(nonDefault(1 + random.nextInt(Integer.MAX_VALUE - 1), f, useDefault));
            case "int64":
                return F.numberNode(random.nextLong() & Long.MAX_VALUE | 1L << 40);
            case "float64":
                return F.numberNode(0.5 + random.nextInt(1000));
            case "string":
                return F.textNode(f.name() + "-é-" + random.nextInt(1000));
            case "bytes":
            case "records":
                byte[] b = new byte[1 + random.nextInt(12)];
                random.nextBytes(b);
                return F.binaryNode(b);
            case "uuid":
                return F.textNode(Uuids.toBase64(new UUID(random.nextLong() | 1, random.nextLong())));
            default:
                throw new IllegalStateException("unexpected type " + t);
        }
    }

    private static long nonDefault(long v, FieldSpec f, boolean useDefault) {
        if (useDefault && v == f.defaultAsLong()) {
            return v + 1;
        }
        return v;
    }
}
