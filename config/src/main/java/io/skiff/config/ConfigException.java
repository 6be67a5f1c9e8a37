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

/**
 * A configuration that cannot be used: an unparsable or disallowed value, a missing file, an
 * unknown topic config key. The message names the key, the offending value, where it came from
 * when known, and what is allowed. Unchecked: startup stops with this message.
 */
public class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String key;

    public ConfigException(String message) {
        this(null, message);
    }

    public ConfigException(String key, String message) {
        super(message);
        this.key = key;
    }

    /** A standard message: {@code Invalid value 'v' for configuration 'k' (origin): allowed}. */
    public static ConfigException invalid(String key, Object value, String origin, String allowed) {
        return new ConfigException(
                key,
                "Invalid value '" + value + "' for configuration '" + key + "'"
                        + (origin == null ? "" : " (from " + origin + ")") + ": " + allowed);
    }

    /** The configuration key at fault, or null when the problem is not about one key. */
    public String key() {
        return key;
    }
}
