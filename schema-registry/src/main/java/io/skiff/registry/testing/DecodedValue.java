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
package io.skiff.registry.testing;

import java.util.List;

/**
 * A record value (or key) in Confluent's wire format, decoded through the registry. Immutable.
 *
 * @param schemaId       the id after the magic byte
 * @param schemaType     AVRO, JSON or PROTOBUF
 * @param messageIndexes PROTOBUF only: which message of the file (Confluent's index path; {@code [0]} the first)
 * @param value          AVRO: the datum read by Avro's GenericDatumReader (a {@code GenericRecord} for a record);
 *                       JSON: the JSON text; PROTOBUF: the same text as {@code text}
 * @param text           the value as text: Avro's JSON rendering, the JSON document, Protobuf text format
 */
public record DecodedValue(int schemaId, String schemaType, List<Integer> messageIndexes, Object value, String text) {
    public DecodedValue {
        messageIndexes = List.copyOf(messageIndexes);
    }
}
