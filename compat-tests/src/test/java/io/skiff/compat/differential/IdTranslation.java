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
package io.skiff.compat.differential;

import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Message;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.zip.CRC32C;

/**
 * What one broker allocated where the captured Kafka allocated something else: topic ids, member ids, producer ids
 * and epochs, fetch session ids. Learned by reading the captured answer and the broker's answer to the same request
 * side by side; then a later captured request is rewritten to the broker's values ({@link #forward}), the way
 * {@link DifferentialCase#withIds} builds requests from each broker's topic ids, and the broker's answer is rewritten
 * back to the capture's values ({@link #restore}) so that two brokers' answers compare equal when they behave alike.
 * Producer ids and epochs are also rewritten inside record batches (the CRC recomputed).
 *
 * <p>Not thread-safe: one per broker and capture.
 */
final class IdTranslation {
    /** Field name → the kind of value it holds (a JoinGroup answer's {@code leader} is a member id). */
    private static final Map<String, String> KINDS = Map.of(
            "topicId", "topicId",
            "memberId", "memberId",
            "leader", "memberId",
            "producerId", "producerId",
            "producerEpoch", "producerEpoch",
            "sessionId", "sessionId");

    private static final int PRODUCER_ID_AT = 43;
    private static final int PRODUCER_EPOCH_AT = 51;
    private static final int CRC_AT = 17;
    private static final int ATTRIBUTES_AT = 21;
    private static final int MAGIC_AT = 16;

    private final Map<String, Map<Object, Object>> captureToBroker = new HashMap<>();
    private final Map<String, Map<Object, Object>> brokerToCapture = new HashMap<>();

    /** Reads the captured answer and the broker's ({@link MessageTree}s) side by side and keeps what differs. */
    void learn(Object captured, Object broker) {
        walk(null, captured, broker);
    }

    private void walk(String key, Object captured, Object broker) {
        if (captured instanceof Map<?, ?> c && broker instanceof Map<?, ?> b) {
            c.forEach((k, v) -> walk((String) k, v, b.get(k)));
        } else if (captured instanceof List<?> c && broker instanceof List<?> b) {
            for (int i = 0; i < c.size(); i++) {
                Object counterpart = counterpart(c.get(i), b, i);
                if (counterpart != null) {
                    walk(key, c.get(i), counterpart);
                }
            }
        } else if (key != null && KINDS.containsKey(key) && isAllocated(captured) && isAllocated(broker)) {
            String kind = KINDS.get(key);
            if (!captured.equals(broker)) {
                captureToBroker.computeIfAbsent(kind, k -> new HashMap<>()).put(captured, broker);
                brokerToCapture.computeIfAbsent(kind, k -> new HashMap<>()).put(broker, captured);
            }
        }
    }

    /** The element of {@code list} that stands for {@code element}: the one of the same name, else the i-th. */
    private static Object counterpart(Object element, List<?> list, int i) {
        if (element instanceof Map<?, ?> m && m.get("name") instanceof String name) {
            return list.stream()
                    .filter(o -> o instanceof Map<?, ?> om && name.equals(om.get("name")))
                    .findFirst()
                    .orElse(null);
        }
        return i < list.size() ? list.get(i) : null;
    }

    private static boolean isAllocated(Object value) {
        return value != null
                && !"".equals(value)
                && !Objects.equals(value, 0) // no fetch session
                && !Objects.equals(value, -1L)
                && !Objects.equals(value, (short) -1)
                && !"00000000-0000-0000-0000-000000000000".equals(value);
    }

    /** Rewrites a captured request, in place, to this broker's values. */
    void forward(Message request) {
        rewrite(request, captureToBroker, true);
    }

    /** Rewrites this broker's answer, in place, to the capture's values (topic ids excepted: the Normalizer names them). */
    void restore(Message answer) {
        if (answer != null) {
            rewrite(answer, brokerToCapture, false);
        }
    }

    private static void rewrite(Message message, Map<String, Map<Object, Object>> mapping, boolean topicIds) {
        for (Field f : message.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            try {
                Object v = f.get(message);
                String kind = KINDS.get(f.getName());
                if (v instanceof Message m) {
                    rewrite(m, mapping, topicIds);
                } else if (v instanceof List<?> list) {
                    for (Object item : list) {
                        if (item instanceof Message m) {
                            rewrite(m, mapping, topicIds);
                        }
                    }
                } else if (v instanceof ByteBufferRecords records) {
                    f.set(message, new ByteBufferRecords(rewriteBatches(records.buffer(), mapping)));
                } else if (kind != null && v != null && (topicIds || !kind.equals("topicId"))) {
                    // (null: a nullable id not given, e.g. a refused ConsumerGroupHeartbeat's member id)
                    Object key = v instanceof UUID ? v.toString() : v;
                    Object to = mapping.getOrDefault(kind, Map.of()).get(key);
                    if (to != null) {
                        f.set(message, v instanceof UUID ? UUID.fromString((String) to) : to);
                    }
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** A copy of the record batches with their producer ids and epochs rewritten and their CRCs recomputed. */
    private static ByteBuffer rewriteBatches(ByteBuffer records, Map<String, Map<Object, Object>> mapping) {
        ByteBuffer copy = ByteBuffer.allocate(records.remaining());
        copy.put(records.duplicate()).flip();
        Map<Object, Object> ids = mapping.getOrDefault("producerId", Map.of());
        Map<Object, Object> epochs = mapping.getOrDefault("producerEpoch", Map.of());
        int pos = 0;
        while (pos + PRODUCER_EPOCH_AT + 2 <= copy.limit()) {
            int end = pos + 12 + copy.getInt(pos + 8);
            if (end > copy.limit() || copy.get(pos + MAGIC_AT) != 2) {
                break; // a partial batch at the end of a fetch answer, or an old format
            }
            Object id = ids.get(copy.getLong(pos + PRODUCER_ID_AT));
            Object epoch = epochs.get(copy.getShort(pos + PRODUCER_EPOCH_AT));
            if (id != null || epoch != null) {
                if (id != null) {
                    copy.putLong(pos + PRODUCER_ID_AT, (Long) id);
                }
                if (epoch != null) {
                    copy.putShort(pos + PRODUCER_EPOCH_AT, (Short) epoch);
                }
                CRC32C crc = new CRC32C();
                crc.update(copy.duplicate().position(pos + ATTRIBUTES_AT).limit(end));
                copy.putInt(pos + CRC_AT, (int) crc.getValue());
            }
            pos = end;
        }
        return copy;
    }
}
