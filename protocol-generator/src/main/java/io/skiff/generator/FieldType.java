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

import java.util.Set;

/**
 * The type of a schema field: a primitive ({@code int32}, {@code string}, …), {@code records},
 * a struct ({@code Name}) or an array of either ({@code []int32}, {@code []Name}). Immutable.
 */
public record FieldType(String name, FieldType element) {
    private static final Set<String> PRIMITIVES = Set.of(
            "bool", "int8", "int16", "uint16", "int32", "int64", "float64", "string", "bytes", "uuid", "records");
    private static final Set<String> ARRAY_ELEMENTS =
            Set.of("bool", "int8", "int16", "uint16", "int32", "int64", "float64", "string", "uuid");

    /** Parses a type token; throws IllegalArgumentException for an unknown type. */
    public static FieldType parse(String token) {
        if (token.startsWith("[]")) {
            FieldType el = parse(token.substring(2));
            if (el.isArray() || (!el.isStruct() && !ARRAY_ELEMENTS.contains(el.name))) {
                throw new IllegalArgumentException("unsupported array element type '" + token.substring(2) + "'");
            }
            return new FieldType(token, el);
        }
        if (PRIMITIVES.contains(token)) {
            return new FieldType(token, null);
        }
        if (!token.isEmpty()
                && Character.isUpperCase(token.charAt(0))
                && token.chars().allMatch(Character::isLetterOrDigit)) {
            return new FieldType(token, null);
        }
        throw new IllegalArgumentException("unknown type '" + token + "'");
    }

    public boolean isArray() {
        return element != null;
    }

    public boolean isStruct() {
        return element == null && Character.isUpperCase(name.charAt(0));
    }

    public boolean isStructArray() {
        return isArray() && element.isStruct();
    }

    /** The struct's name for a struct or struct array; null otherwise. */
    public String structName() {
        return isStruct() ? name : isStructArray() ? element.name : null;
    }

    public boolean isString() {
        return name.equals("string");
    }

    public boolean isBytes() {
        return name.equals("bytes");
    }

    public boolean isRecords() {
        return name.equals("records");
    }

    public boolean isFloat() {
        return name.equals("float64");
    }

    public boolean isBool() {
        return name.equals("bool");
    }

    public boolean isUuid() {
        return name.equals("uuid");
    }

    public boolean isInteger() {
        return name.startsWith("int") || name.equals("uint16");
    }

    /** Types that have a null encoding. */
    public boolean canBeNullable() {
        return isArray() || isStruct() || isString() || isBytes() || isRecords();
    }

    @Override
    public String toString() {
        return name;
    }
}
