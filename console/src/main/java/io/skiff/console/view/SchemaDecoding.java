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
package io.skiff.console.view;

import io.skiff.broker.extension.RecordDecoder;
import io.skiff.broker.handler.BrokerContext;
import java.util.Optional;

/**
 * Keys and values decoded through the schema registry when the broker runs one (Confluent's wire format: magic byte
 * 0 and a schema id; Avro shown as JSON). The registry publishes its decoder for this broker; the console does not
 * depend on the registry's module and looks the decoder up at each use. Stateless and thread-safe.
 */
public final class SchemaDecoding {
    private final BrokerContext broker;

    public SchemaDecoding(BrokerContext broker) {
        this.broker = broker;
    }

    /** Whether the broker runs a schema registry that decodes records. */
    public boolean available() {
        return RecordDecoder.Published.of(broker).isPresent();
    }

    /** The bytes decoded, or empty without a registry or when they are not in its wire format. */
    public Optional<RecordDecoder.Decoded> decode(String topic, boolean key, byte[] bytes) {
        if (bytes == null) {
            return Optional.empty();
        }
        return RecordDecoder.Published.of(broker).flatMap(d -> d.decode(topic, key, bytes));
    }
}
