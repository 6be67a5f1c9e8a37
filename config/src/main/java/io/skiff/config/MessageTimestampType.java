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
 * Values of {@code message.timestamp.type} / {@code log.message.timestamp.type}.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum MessageTimestampType {
    CREATE_TIME("CreateTime"),
    LOG_APPEND_TIME("LogAppendTime");

    private final String label;

    MessageTimestampType(String label) {
        this.label = label;
    }

    /** The configuration value, e.g. {@code CreateTime}. */
    public String label() {
        return label;
    }

    /** Parses a (validated) configuration value. */
    public static MessageTimestampType of(String label) {
        for (MessageTimestampType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        throw new IllegalArgumentException("not a timestamp type: " + label);
    }
}
