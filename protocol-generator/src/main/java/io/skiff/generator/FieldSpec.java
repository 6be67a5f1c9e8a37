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
package io.skiff.generator;

/**
 * One field of a struct as declared in a schema.
 *
 * @param versions         versions in which the field exists (clamped to the message's versions)
 * @param nullableVersions versions in which it may be null
 * @param tag              its tag, or -1 if it is never tagged
 * @param taggedVersions   versions in which it is carried in the tagged-field section
 * @param defaultValue     the raw default text, or null when the schema gives none
 * @param struct           the struct definition for struct / struct-array fields, resolved after parsing
 * @param line             source line, for error messages
 */
public record FieldSpec(
        String name,
        FieldType type,
        Versions versions,
        Versions nullableVersions,
        int tag,
        Versions taggedVersions,
        String defaultValue,
        boolean ignorable,
        StructSpec struct,
        int line) {

    public boolean isTagged() {
        return tag >= 0;
    }

    /** Versions in which the field is written in the fixed (untagged) part of its struct. */
    public boolean untaggedIn(int version) {
        return versions.contains(version) && !taggedVersions.contains(version);
    }

    public boolean taggedIn(int version) {
        return versions.contains(version) && taggedVersions.contains(version);
    }

    public FieldSpec withStruct(StructSpec s) {
        return new FieldSpec(
                name, type, versions, nullableVersions, tag, taggedVersions, defaultValue, ignorable, s, line);
    }

    /** The default of an integer field (decimal or 0x-hex in the schema); 0 when none is given. */
    public long defaultAsLong() {
        return defaultValue == null
                ? 0
                : SchemaResolver.parseInteger(defaultValue).longValue();
    }

    /** True when the default is null (only legal for nullable types). */
    public boolean defaultIsNull() {
        return "null".equals(defaultValue);
    }
}
