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
package io.skiff.broker.handler;

/**
 * Kafka's config resource types (DescribeConfigs, AlterConfigs, IncrementalAlterConfigs) with their wire ids.
 * Skiff serves TOPIC, BROKER and GROUP; the others are answered as Kafka answers a resource type it does not support.
 *
 * <p>Immutable enum; thread-safe.
 */
enum ConfigResourceType {
    UNKNOWN(0),
    TOPIC(2),
    BROKER(4),
    BROKER_LOGGER(8),
    CLIENT_METRICS(16),
    GROUP(32);

    private final byte id;

    ConfigResourceType(int id) {
        this.id = (byte) id;
    }

    byte id() {
        return id;
    }

    /** The type with this wire id; UNKNOWN for ids Kafka does not define. */
    static ConfigResourceType forId(byte id) {
        for (ConfigResourceType t : values()) {
            if (t.id == id) {
                return t;
            }
        }
        return UNKNOWN;
    }
}
