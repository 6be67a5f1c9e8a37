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

/**
 * The validators behind {@link Validator}'s factory methods, as one plain class: they are built by the hundred
 * in the key tables' static initializers on every broker start, and a lambda per factory made each first use
 * spin a class through invokedynamic (a quarter of the jar's start-up work on the main thread).
 *
 * <p>Immutable, thread-safe.
 */
final class BuiltInValidator implements Validator {
    enum Kind {
        AT_LEAST,
        BETWEEN,
        BETWEEN_DOUBLE,
        BETWEEN_OR,
        ONE_OF,
        ONE_OF_IGNORE_CASE,
        NON_EMPTY_LIST_OF,
        NON_EMPTY_LIST,
        NON_BLANK,
        ANY
    }

    private final Kind kind;
    private final long min;
    private final long max;
    private final long special;
    private final double minDouble;
    private final double maxDouble;
    private final List<String> values;
    private final String allowed;

    private BuiltInValidator(
            Kind kind,
            long min,
            long max,
            long special,
            double minDouble,
            double maxDouble,
            List<String> values,
            String allowed) {
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.special = special;
        this.minDouble = minDouble;
        this.maxDouble = maxDouble;
        this.values = values;
        this.allowed = allowed;
    }

    static Validator longs(Kind kind, long min, long max, long special, String allowed) {
        return new BuiltInValidator(kind, min, max, special, 0, 0, List.of(), allowed);
    }

    static Validator doubles(double min, double max, String allowed) {
        return new BuiltInValidator(Kind.BETWEEN_DOUBLE, 0, 0, 0, min, max, List.of(), allowed);
    }

    static Validator strings(Kind kind, List<String> values, String allowed) {
        return new BuiltInValidator(kind, 0, 0, 0, 0, 0, values, allowed);
    }

    @Override
    public boolean accepts(Object value) {
        switch (kind) {
            case AT_LEAST:
                return ((Number) value).longValue() >= min;
            case BETWEEN: {
                long n = ((Number) value).longValue();
                return n >= min && n <= max;
            }
            case BETWEEN_DOUBLE: {
                double d = ((Number) value).doubleValue();
                return d >= minDouble && d <= maxDouble;
            }
            case BETWEEN_OR: {
                long n = ((Number) value).longValue();
                return n == special || (n >= min && n <= max);
            }
            case ONE_OF:
                return values.contains(value);
            case ONE_OF_IGNORE_CASE:
                for (String v : values) {
                    if (v.equalsIgnoreCase((String) value)) {
                        return true;
                    }
                }
                return false;
            case NON_EMPTY_LIST_OF:
                return !((List<?>) value).isEmpty() && values.containsAll((List<?>) value);
            case NON_EMPTY_LIST: {
                List<?> list = (List<?>) value;
                if (list.isEmpty()) {
                    return false;
                }
                for (Object item : list) {
                    if (item.toString().isBlank()) {
                        return false;
                    }
                }
                return true;
            }
            case NON_BLANK:
                return !value.toString().isBlank();
            case ANY:
                return true;
            default:
                throw new IllegalStateException("unknown validator kind " + kind);
        }
    }

    @Override
    public String allowed() {
        return allowed;
    }
}
