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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The value types of configuration keys, with the ids Kafka's DescribeConfigs (v3+) reports.
 * {@link #parse} turns the text of a properties file into the typed value, trimming whitespace
 * as Kafka does.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum ConfigType {
    /** A key no table knows (a dynamic broker config Kafka stores without knowing it): kept as text. */
    UNKNOWN(0),
    BOOLEAN(1),
    STRING(2),
    INT(3),
    SHORT(4),
    LONG(5),
    DOUBLE(6),
    LIST(7),
    CLASS(8),
    PASSWORD(9);

    private final byte id;

    ConfigType(int id) {
        this.id = (byte) id;
    }

    /** The DescribeConfigs {@code ConfigType} code. */
    public byte id() {
        return id;
    }

    /**
     * Parses {@code raw} into Boolean, String, Integer, Short, Long, Double or List&lt;String&gt;.
     *
     * @param origin where the value came from (for the message), may be null
     * @throws ConfigException naming key, value and the expected type
     */
    public Object parse(String key, String raw, String origin) {
        String value = raw.trim();
        try {
            return switch (this) {
                case BOOLEAN -> parseBoolean(value);
                case UNKNOWN, STRING, CLASS, PASSWORD -> value;
                case INT -> Integer.parseInt(value);
                case SHORT -> Short.parseShort(value);
                case LONG -> Long.parseLong(value);
                case DOUBLE -> Double.parseDouble(value);
                case LIST -> parseList(value);
            };
        } catch (NumberFormatException e) {
            throw ConfigException.invalid(key, raw, origin, "expected " + expected());
        }
    }

    private static Boolean parseBoolean(String value) {
        if (value.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (value.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw new NumberFormatException(value);
    }

    private static List<String> parseList(String value) {
        List<String> items = new ArrayList<>();
        if (value.isEmpty()) {
            return items;
        }
        for (String item : value.split("\\s*,\\s*", -1)) {
            items.add(item.trim());
        }
        return items;
    }

    /** What a value of this type looks like, for error messages. */
    public String expected() {
        return switch (this) {
            case BOOLEAN -> "true or false";
            case UNKNOWN, STRING, CLASS, PASSWORD -> "a string";
            case INT -> "a 32-bit integer";
            case SHORT -> "a 16-bit integer";
            case LONG -> "a 64-bit integer";
            case DOUBLE -> "a number";
            case LIST -> "a comma-separated list";
        };
    }

    /** Lower-case name for documentation tables. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Formats a typed value the way Kafka's DescribeConfigs shows it (lists comma-joined). */
    public static String format(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof List<?> list) {
            StringBuilder sb = new StringBuilder();
            for (Object o : list) {
                if (sb.length() > 0) {
                    sb.append(',');
                }
                sb.append(o);
            }
            return sb.toString();
        }
        return value.toString();
    }
}
