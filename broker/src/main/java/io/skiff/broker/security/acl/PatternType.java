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
package io.skiff.broker.security.acl;

/**
 * Kafka's resource pattern types with their wire codes: LITERAL (the name, or {@code *} for every resource) and
 * PREFIXED for bindings; ANY and MATCH only in filters.
 */
public enum PatternType {
    UNKNOWN(0),
    ANY(1),
    MATCH(2),
    LITERAL(3),
    PREFIXED(4);

    private final byte code;

    PatternType(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    public static PatternType of(byte code) {
        for (PatternType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return UNKNOWN;
    }
}
