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
package io.skiff.broker.topic;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;

/**
 * Topic ids as Kafka makes and prints them: random 128-bit UUIDs, never the zero id or Kafka's reserved metadata
 * topic id (0:1), and never one whose base64url form starts with '-' (it would look like a command-line flag).
 *
 * <p>Stateless; thread-safe.
 */
public final class TopicIds {
    public static final UUID ZERO = new UUID(0L, 0L);
    private static final UUID METADATA_TOPIC_ID = new UUID(0L, 1L);

    private TopicIds() {}

    public static UUID random() {
        while (true) {
            UUID id = new UUID(Random.INSTANCE.nextLong(), Random.INSTANCE.nextLong());
            if (!id.equals(ZERO)
                    && !id.equals(METADATA_TOPIC_ID)
                    && !toBase64(id).startsWith("-")) {
                return id;
            }
        }
    }

    /** Seeded on first use only: a SecureRandom costs milliseconds to seed, and startup must stay fast. */
    private static final class Random {
        static final SecureRandom INSTANCE = new SecureRandom();
    }

    /** Kafka's text form of a Uuid: the 16 bytes in base64url without padding (22 characters). */
    public static String toBase64(UUID id) {
        ByteBuffer buf = ByteBuffer.allocate(16);
        buf.putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buf.array());
    }

    /** @throws IllegalArgumentException if {@code text} is not a 22-character base64url id */
    public static UUID fromBase64(String text) {
        byte[] bytes = Base64.getUrlDecoder().decode(text);
        if (bytes.length != 16) {
            throw new IllegalArgumentException("Not a topic id: '" + text + "'");
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        return new UUID(buf.getLong(), buf.getLong());
    }
}
