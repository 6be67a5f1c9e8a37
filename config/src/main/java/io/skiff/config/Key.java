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
package io.skiff.config;

import java.util.Objects;

/**
 * The typed handle of one broker key, declared once in {@link BrokerConfigKeys} beside its definition, or of a group
 * key the coordinators read ({@link GroupConfigKeys}): code reads a value with {@link BrokerConfig#get(Key)} or
 * {@link GroupConfig#get(Key)}, so the key's name is written in one place and its Java type checked by
 * the compiler ({@code Integer} for INT, {@code Long} for LONG, {@code List<String>} for LIST, {@code String} for
 * STRING, CLASS and PASSWORD, ...).
 *
 * <p>Immutable; thread-safe.
 *
 * @param <T>  the Java type of the key's parsed value
 * @param name the key, as Kafka spells it
 * @param type its configuration type
 */
public record Key<T>(String name, ConfigType type) {
    public Key {
        Objects.requireNonNull(name);
        Objects.requireNonNull(type);
    }

    @Override
    public String toString() {
        return name;
    }
}
