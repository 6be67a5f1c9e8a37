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
package io.skiff.broker.group.classic;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the topic list out of a consumer's JoinGroup metadata (Kafka's ConsumerProtocolSubscription).
 * Every version starts with int16 version, then an int32-counted array of int16-length strings, so
 * parsing that prefix works for all versions. Stateless, thread-safe.
 */
public final class ConsumerSubscription {
    private ConsumerSubscription() {}

    /** The subscribed topics, or empty if the bytes are not a consumer subscription. */
    public static Optional<List<String>> topics(byte[] metadata) {
        try {
            ByteBuffer buf = ByteBuffer.wrap(metadata);
            short version = buf.getShort();
            if (version < 0) {
                return Optional.empty();
            }
            int n = buf.getInt();
            if (n < 0 || n > buf.remaining()) {
                return Optional.empty();
            }
            List<String> topics = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int len = buf.getShort();
                if (len < 0 || len > buf.remaining()) {
                    return Optional.empty();
                }
                byte[] b = new byte[len];
                buf.get(b);
                topics.add(new String(b, StandardCharsets.UTF_8));
            }
            return Optional.of(topics);
        } catch (BufferUnderflowException e) {
            return Optional.empty();
        }
    }
}
