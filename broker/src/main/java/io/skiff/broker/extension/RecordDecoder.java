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
package io.skiff.broker.extension;

import io.skiff.broker.handler.BrokerContext;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * Decodes a record's key or value written in a schema format, for a module that shows records (the console) without
 * depending on the module that knows the schemas (the schema registry): the registry publishes its decoder for its
 * broker when it starts and withdraws it when it closes; the console looks it up at each use, so the two may start in
 * any order and either may be absent. Implementations are thread-safe.
 */
public interface RecordDecoder {

    /** A decoded key or value: the schema's format and id, and the data as text (JSON for Avro and JSON Schema). */
    record Decoded(String format, int schemaId, String text) {}

    /**
     * The bytes decoded, or empty when they are not in this decoder's wire format or name a schema it does not know.
     *
     * @param topic the record's topic
     * @param key   whether the bytes are the record's key (else its value)
     */
    Optional<Decoded> decode(String topic, boolean key, byte[] bytes);

    /** The decoders published per broker (weakly held: a broker that is gone takes its decoder with it). */
    final class Published {
        private static final Map<BrokerContext, RecordDecoder> DECODERS = new WeakHashMap<>();

        private Published() {}

        /** Makes {@code decoder} the one of {@code broker}. */
        public static synchronized void publish(BrokerContext broker, RecordDecoder decoder) {
            DECODERS.put(broker, decoder);
        }

        /** Withdraws {@code decoder} if it is still the one of {@code broker}. */
        public static synchronized void withdraw(BrokerContext broker, RecordDecoder decoder) {
            DECODERS.remove(broker, decoder);
        }

        /** The decoder of {@code broker}, if an extension published one. */
        public static synchronized Optional<RecordDecoder> of(BrokerContext broker) {
            return Optional.ofNullable(DECODERS.get(broker));
        }
    }
}
