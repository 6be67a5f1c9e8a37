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
package io.skiff.registry.store;

import io.skiff.registry.schema.SchemaType;
import java.util.List;

/**
 * One version of a subject as the {@code _schemas} topic holds it.
 *
 * @param schema  the normalised schema text
 * @param deleted soft-deleted: hidden unless asked for with {@code deleted=true}
 */
public record SchemaVersion(
        String subject,
        int version,
        int id,
        SchemaType type,
        String schema,
        List<Reference> references,
        boolean deleted) {
    public SchemaVersion {
        references = List.copyOf(references);
    }

    public SchemaVersion asDeleted() {
        return new SchemaVersion(subject, version, id, type, schema, references, true);
    }

    /** What makes two registrations the same schema (and so the same id). */
    public String contentKey() {
        return type + "\u0000" + schema + "\u0000" + references;
    }
}
