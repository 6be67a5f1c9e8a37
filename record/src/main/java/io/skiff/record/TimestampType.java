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
package io.skiff.record;

/**
 * Whether a batch's timestamps are the producer's (CreateTime) or the broker's (LogAppendTime):
 * bit 3 of the batch attributes.
 *
 * <p>Thread-safety: immutable enum, safe to share.
 */
public enum TimestampType {
    CREATE_TIME("CreateTime"),
    LOG_APPEND_TIME("LogAppendTime");

    private final String label;

    TimestampType(String label) {
        this.label = label;
    }

    /** The name Kafka's {@code message.timestamp.type} setting uses. */
    public String label() {
        return label;
    }

    /** Parses {@code CreateTime} / {@code LogAppendTime}; null when the name is neither. */
    public static TimestampType forLabel(String label) {
        for (TimestampType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        return null;
    }
}
