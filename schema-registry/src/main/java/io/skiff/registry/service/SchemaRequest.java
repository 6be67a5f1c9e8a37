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

import io.skiff.registry.schema.SchemaType;
import io.skiff.registry.store.Reference;
import java.util.List;

/**
 * A schema as a request gives it (register, lookup, compatibility check).
 *
 * @param id      the id asked for in IMPORT mode, or null
 * @param version the version asked for in IMPORT mode, or null
 */
public record SchemaRequest(String schema, SchemaType type, List<Reference> references, Integer id, Integer version) {
    public SchemaRequest {
        references = List.copyOf(references);
    }
}
