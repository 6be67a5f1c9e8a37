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

import java.util.List;
import java.util.function.Predicate;

/**
 * Checks a parsed configuration value. {@link #allowed()} says in words what passes: it is the
 * end of every error message and the "Allowed" column of the documentation table.
 *
 * <p>Thread-safety: implementations are immutable.
 */
public interface Validator {

    /** True when {@code value} (already parsed to the key's type, never null) is acceptable. */
    boolean accepts(Object value);

    /** What is allowed, e.g. {@code "at least 1"}. */
    String allowed();

    /** @throws ConfigException naming key, value, origin and {@link #allowed()} */
    default void ensureValid(String key, Object value, String origin) {
        if (value != null && !accepts(value)) {
            throw ConfigException.invalid(key, ConfigType.format(value), origin, allowed());
        }
    }

    /** A number no smaller than {@code min}. */
    static Validator atLeast(long min) {
        return BuiltInValidator.longs(BuiltInValidator.Kind.AT_LEAST, min, 0, 0, "at least " + min);
    }

    /** A number in {@code [min, max]}. */
    static Validator between(long min, long max) {
        return BuiltInValidator.longs(BuiltInValidator.Kind.BETWEEN, min, max, 0, "between " + min + " and " + max);
    }

    /** A floating point number in {@code [min, max]}. */
    static Validator betweenDouble(double min, double max) {
        return BuiltInValidator.doubles(min, max, "between " + min + " and " + max);
    }

    /** A number in {@code [min, max]} or exactly {@code special}. */
    static Validator betweenOr(long min, long max, long special) {
        return BuiltInValidator.longs(
                BuiltInValidator.Kind.BETWEEN_OR,
                min,
                max,
                special,
                "between " + min + " and " + max + ", or " + special);
    }

    /** One of the given strings (case-sensitive, as Kafka). */
    static Validator oneOf(String... values) {
        return BuiltInValidator.strings(
                BuiltInValidator.Kind.ONE_OF, List.of(values), "one of " + String.join(", ", values));
    }

    /** One of the given strings, ignoring case. */
    static Validator oneOfIgnoreCase(String... values) {
        return BuiltInValidator.strings(
                BuiltInValidator.Kind.ONE_OF_IGNORE_CASE,
                List.of(values),
                "one of " + String.join(", ", values) + " (any case)");
    }

    /** A non-empty list whose items are all among {@code values}. */
    static Validator nonEmptyListOf(String... values) {
        return BuiltInValidator.strings(
                BuiltInValidator.Kind.NON_EMPTY_LIST_OF,
                List.of(values),
                "a non-empty comma-separated list of " + String.join(", ", values));
    }

    /** A non-empty list without blank items. */
    static Validator nonEmptyList() {
        return BuiltInValidator.strings(
                BuiltInValidator.Kind.NON_EMPTY_LIST, List.of(), "a non-empty comma-separated list");
    }

    /** A non-blank string. */
    static Validator nonBlank() {
        return BuiltInValidator.strings(BuiltInValidator.Kind.NON_BLANK, List.of(), "a non-empty string");
    }

    /**
     * Documents a value whose structure is checked where it is interpreted (listener URIs are
     * parsed by {@link BrokerConfig}); accepts any value of the key's type here.
     */
    static Validator described(String allowed) {
        return BuiltInValidator.strings(BuiltInValidator.Kind.ANY, List.of(), allowed);
    }

    /** A validator from a predicate and its description. */
    static Validator of(Predicate<Object> test, String allowed) {
        return new Validator() {
            @Override
            public boolean accepts(Object value) {
                return test.test(value);
            }

            @Override
            public String allowed() {
                return allowed;
            }
        };
    }
}
