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
package io.skiff.broker.quota;

import java.util.Arrays;
import java.util.Optional;

/**
 * The client quota configuration keys Kafka 4.4 defines ({@code QuotaConfig}), with the value type its controller
 * validates against. Skiff enforces the byte rates and the request percentage; {@code controller_mutation_rate} and
 * {@code connection_creation_rate} are stored and described but not enforced.
 *
 * <p>Immutable enum; thread-safe.
 */
public enum QuotaKey {
    PRODUCER_BYTE_RATE("producer_byte_rate", ValueType.LONG, false),
    CONSUMER_BYTE_RATE("consumer_byte_rate", ValueType.LONG, false),
    REQUEST_PERCENTAGE("request_percentage", ValueType.DOUBLE, false),
    CONTROLLER_MUTATION_RATE("controller_mutation_rate", ValueType.DOUBLE, false),
    CONNECTION_CREATION_RATE("connection_creation_rate", ValueType.INT, true);

    /** The config type Kafka declares for the key (it decides the integral checks). */
    enum ValueType {
        INT,
        LONG,
        DOUBLE
    }

    private final String key;
    private final ValueType type;
    private final boolean ipKey;

    QuotaKey(String key, ValueType type, boolean ipKey) {
        this.key = key;
        this.type = type;
        this.ipKey = ipKey;
    }

    /** The key as written on the wire and by {@code kafka-configs}. */
    public String key() {
        return key;
    }

    ValueType type() {
        return type;
    }

    /** Whether it is a key of ip entities (else of user and client-id entities). */
    boolean ipKey() {
        return ipKey;
    }

    /** The key of this name, if Kafka defines it. */
    public static Optional<QuotaKey> forKey(String key) {
        return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
    }
}
