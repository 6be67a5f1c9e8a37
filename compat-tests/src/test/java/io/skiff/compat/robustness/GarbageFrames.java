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
package io.skiff.compat.robustness;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.message.ApiMessageType;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.MessageUtil;

/**
 * Builds request frames with a valid size and a valid request header for a given API key and version, but a body
 * that is garbage: random bytes, empty, a well-formed default body cut short, one with length fields set to huge
 * values, or one with random bytes flipped. All randomness comes from the seeded {@link Random} given.
 *
 * <p>Not thread-safe (shares the caller's Random).
 */
final class GarbageFrames {
    private static final byte[] CLIENT_ID = "garbage-test".getBytes(StandardCharsets.UTF_8);

    /** One frame to send, described for failure messages. */
    record Frame(short apiKey, short version, int correlationId, String kind, byte[] bytes) {
        @Override
        public String toString() {
            return "api " + apiKey + " v" + version + " (" + kind + ", " + bytes.length + " bytes, correlation "
                    + correlationId + ")";
        }
    }

    private final Random random;

    GarbageFrames(Random random) {
        this.random = random;
    }

    /** Every kind of garbage body for one API version. */
    List<Frame> framesFor(short apiKey, short version, int firstCorrelationId) {
        byte[] valid = defaultBody(apiKey, version);
        List<Frame> frames = new ArrayList<>();
        int id = firstCorrelationId;
        frames.add(frame(apiKey, version, id++, "random", randomBytes(random.nextInt(80))));
        frames.add(frame(apiKey, version, id++, "empty", new byte[0]));
        frames.add(frame(apiKey, version, id++, "huge lengths", hugeLengths(valid)));
        frames.add(frame(apiKey, version, id++, "flipped bytes", flipped(valid)));
        if (valid.length > 0) {
            frames.add(frame(
                    apiKey, version, id++, "truncated", java.util.Arrays.copyOf(valid, random.nextInt(valid.length))));
        }
        return frames;
    }

    private Frame frame(short apiKey, short version, int correlationId, String kind, byte[] body) {
        boolean flexibleHeader = ApiMessageType.fromApiKey(apiKey).requestHeaderVersion(version) >= 2;
        int headerSize = 2 + 2 + 4 + 2 + CLIENT_ID.length + (flexibleHeader ? 1 : 0);
        ByteBuffer buf = ByteBuffer.allocate(4 + headerSize + body.length);
        buf.putInt(headerSize + body.length)
                .putShort(apiKey)
                .putShort(version)
                .putInt(correlationId)
                .putShort((short) CLIENT_ID.length)
                .put(CLIENT_ID);
        if (flexibleHeader) {
            buf.put((byte) 0); // no tagged fields
        }
        buf.put(body);
        return new Frame(apiKey, version, correlationId, kind, buf.array());
    }

    /** The API's request with all defaults, as kafka-clients encodes it; empty if it cannot at this version. */
    private static byte[] defaultBody(short apiKey, short version) {
        try {
            ApiMessage message = ApiMessageType.fromApiKey(apiKey).newRequest();
            ByteBuffer buf = MessageUtil.toByteBufferAccessor(message, version).buffer();
            byte[] bytes = new byte[buf.remaining()];
            buf.get(bytes);
            return bytes;
        } catch (RuntimeException notEncodableAtThisVersion) {
            return new byte[0];
        }
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    /** Overwrites the body from a random point with 0x7fffffff / 0xffffffff: huge array, string and varint lengths. */
    private byte[] hugeLengths(byte[] valid) {
        int keep = valid.length == 0 ? 0 : random.nextInt(valid.length);
        byte[] b = java.util.Arrays.copyOf(valid, keep + 16);
        for (int i = keep; i < b.length; i++) {
            b[i] = (byte) (random.nextBoolean() ? 0x7f : 0xff);
        }
        return b;
    }

    private byte[] flipped(byte[] valid) {
        byte[] b = valid.length == 0 ? randomBytes(8) : valid.clone();
        for (int i = 0; i < 1 + random.nextInt(3); i++) {
            b[random.nextInt(b.length)] ^= (byte) (1 + random.nextInt(255));
        }
        return b;
    }
}
