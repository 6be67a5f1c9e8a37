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
package io.skiff.protocol;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** UUID helpers matching Kafka's {@code Uuid}: the zero id and the URL-safe base64 text form. Stateless. */
public final class Uuids {
    /** Kafka's "no id" ({@code Uuid.ZERO_UUID}). */
    public static final UUID ZERO = new UUID(0L, 0L);
    /** Reserved by Kafka for the metadata topic; never handed out as a topic id. */
    public static final UUID ONE = new UUID(0L, 1L);

    private Uuids() {}

    /** A random id that is neither reserved nor starts with '-' in text form (as Kafka ensures). */
    public static UUID random() {
        while (true) {
            ThreadLocalRandom r = ThreadLocalRandom.current();
            UUID id = new UUID(r.nextLong(), r.nextLong());
            if (!id.equals(ZERO) && !id.equals(ONE) && !toBase64(id).startsWith("-")) {
                return id;
            }
        }
    }

    /** The 22-character URL-safe base64 form Kafka prints (e.g. in kafka-topics --describe). */
    public static String toBase64(UUID id) {
        ByteBuffer b = ByteBuffer.allocate(16);
        b.putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
    }

    /** Parses the base64 form; throws IllegalArgumentException if it is not 16 bytes of base64. */
    public static UUID fromBase64(String text) {
        byte[] bytes = Base64.getUrlDecoder().decode(text);
        if (bytes.length != 16) {
            throw new IllegalArgumentException("not a 16-byte id: " + text);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        return new UUID(b.getLong(), b.getLong());
    }
}
