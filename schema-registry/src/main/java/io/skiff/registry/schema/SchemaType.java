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

import java.util.Locale;

/** The schema types Confluent's registry knows; AVRO when a request names none. */
public enum SchemaType {
    AVRO,
    JSON,
    PROTOBUF;

    /**
     * The type named by a request's {@code schemaType}, AVRO for null.
     *
     * @throws InvalidSchemaException for an unknown name
     */
    public static SchemaType of(String name) {
        if (name == null || name.isEmpty()) {
            return AVRO;
        }
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidSchemaException("Invalid schema type " + name + " (known: AVRO, JSON, PROTOBUF)");
        }
    }
}
