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

import java.util.List;

/** A schema its type's library parsed: its normalised text and the rules that compare two versions. */
public interface ParsedSchema {

    SchemaType type();

    /**
     * The text the registry stores and answers with, and compares to find an existing registration: the library's
     * own normalised form (Avro's compact JSON, compact JSON for JSON Schema, Wire's rendering of a .proto file).
     */
    String canonical();

    /**
     * Why data written with {@code writer} cannot be read with this schema, one message per problem, in
     * Confluent's {@code {errorType:'...', description:'...'}} style; empty when it can.
     *
     * @param writer a schema of the same type
     */
    List<String> readProblems(ParsedSchema writer);
}
