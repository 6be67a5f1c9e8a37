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
 * Where a described configuration value comes from, with Kafka's DescribeConfigs source ids.
 * Skiff has no dynamic broker configuration, so only TOPIC_CONFIG, DYNAMIC_GROUP_CONFIG (a group's own
 * settings), STATIC_BROKER_CONFIG and DEFAULT_CONFIG occur.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum ConfigSource {
    UNKNOWN(0),
    TOPIC_CONFIG(1),
    DYNAMIC_BROKER_CONFIG(2),
    DYNAMIC_DEFAULT_BROKER_CONFIG(3),
    STATIC_BROKER_CONFIG(4),
    DEFAULT_CONFIG(5),
    DYNAMIC_BROKER_LOGGER_CONFIG(6),
    DYNAMIC_CLIENT_METRICS_CONFIG(7),
    DYNAMIC_GROUP_CONFIG(8);

    private final byte id;

    ConfigSource(int id) {
        this.id = (byte) id;
    }

    /** The DescribeConfigs {@code ConfigSource} code. */
    public byte id() {
        return id;
    }
}
