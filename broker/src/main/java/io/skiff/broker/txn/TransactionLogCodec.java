package io.skiff.broker.txn;

import io.skiff.broker.group.TopicPartition;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code __transaction_state} records in Kafka's layouts, so Kafka's tools decode them: the key is TransactionLogKey
 * v0 ({@code int16 version, string transactionalId}); the value is TransactionLogValue v0 ({@code int16 version,
 * int64 producerId, int16 producerEpoch, int32 timeoutMs, int8 status, nullable array of (string topic, int32 array
 * partitions), int64 lastUpdateTimestamp, int64 startTimestamp}) or, for transaction version 2 clients, the flexible
 * v1 (compact strings and arrays; tagged fields 0 previousProducerId, 1 nextProducerId, 2 clientTransactionVersion).
 * A null value is the tombstone of an expired transactional id. Stateless, thread-safe.
 */
final class TransactionLogCodec {
    private static final short KEY_VERSION = 0;

    private TransactionLogCodec() {}

    static byte[] key(String transactionalId) {
        byte[] id = transactionalId.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + id.length)
                .putShort(KEY_VERSION)
                .putShort((short) id.length)
                .put(id)
                .array();
    }

    /** The transactional id of a key, or null for a key of another (future) version. */
    static String readKey(ByteBuffer key) {
        ByteBuffer in = key.duplicate();
        if (in.getShort() != KEY_VERSION) {
            return null;
        }
        return string(in, in.getShort());
    }

    static byte[] value(TransactionRecord r) {
        Map<String, List<Integer>> byTopic = new TreeMap<>();
        for (TopicPartition tp : r.partitions()) {
            byTopic.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition());
        }
        byTopic.values().forEach(l -> l.sort(null));
        boolean flexible = r.clientTransactionVersion() >= 2;
        ByteBuffer out = ByteBuffer.allocate(64 + size(byTopic));
        out.putShort((short) (flexible ? 1 : 0));
        out.putLong(r.producerId())
                .putShort(r.producerEpoch())
                .putInt(r.timeoutMs())
                .put(r.state().id());
        if (flexible) {
            putUnsignedVarint(out, byTopic.size() + 1);
        } else {
            out.putInt(byTopic.size());
        }
        for (Map.Entry<String, List<Integer>> e : byTopic.entrySet()) {
            byte[] topic = e.getKey().getBytes(StandardCharsets.UTF_8);
            if (flexible) {
                putUnsignedVarint(out, topic.length + 1);
                out.put(topic);
                putUnsignedVarint(out, e.getValue().size() + 1);
            } else {
                out.putShort((short) topic.length)
                        .put(topic)
                        .putInt(e.getValue().size());
            }
            e.getValue().forEach(out::putInt);
            if (flexible) {
                putUnsignedVarint(out, 0); // no tagged fields in the struct
            }
        }
        out.putLong(r.txnLastUpdateTimestamp()).putLong(r.txnStartTimestamp());
        if (flexible) {
            putUnsignedVarint(out, 3);
            putUnsignedVarint(out, 0);
            putUnsignedVarint(out, 8);
            out.putLong(r.previousProducerId());
            putUnsignedVarint(out, 1);
            putUnsignedVarint(out, 8);
            out.putLong(r.nextProducerId());
            putUnsignedVarint(out, 2);
            putUnsignedVarint(out, 2);
            out.putShort(r.clientTransactionVersion());
        }
        byte[] bytes = new byte[out.position()];
        out.flip().get(bytes);
        return bytes;
    }

    private static int size(Map<String, List<Integer>> byTopic) {
        int size = 0;
        for (Map.Entry<String, List<Integer>> e : byTopic.entrySet()) {
            size += 16
                    + e.getKey().getBytes(StandardCharsets.UTF_8).length
                    + 4 * e.getValue().size();
        }
        return size;
    }

    /**
     * Decodes a value (v0 or v1).
     *
     * @throws IllegalArgumentException for a version this broker does not know, or a malformed value
     */
    static TransactionRecord readValue(ByteBuffer value) {
        ByteBuffer in = value.duplicate();
        try {
            short version = in.getShort();
            if (version != 0 && version != 1) {
                throw new IllegalArgumentException("unknown TransactionLogValue version " + version);
            }
            boolean flexible = version == 1;
            long producerId = in.getLong();
            short epoch = in.getShort();
            int timeoutMs = in.getInt();
            TransactionState state = TransactionState.fromId(in.get());
            int topics = flexible ? readUnsignedVarint(in) - 1 : in.getInt();
            Set<TopicPartition> partitions = new HashSet<>();
            for (int t = 0; t < topics; t++) {
                String topic = string(in, flexible ? readUnsignedVarint(in) - 1 : in.getShort());
                int n = flexible ? readUnsignedVarint(in) - 1 : in.getInt();
                for (int i = 0; i < n; i++) {
                    partitions.add(new TopicPartition(topic, in.getInt()));
                }
                if (flexible) {
                    skipTaggedFields(in, null);
                }
            }
            long lastUpdate = in.getLong();
            long start = in.getLong();
            long[] tagged = {-1L, -1L, 0L};
            if (flexible) {
                skipTaggedFields(in, tagged);
            }
            return new TransactionRecord(
                    producerId,
                    tagged[0],
                    tagged[1],
                    epoch,
                    TransactionRecord.NO_EPOCH,
                    timeoutMs,
                    state,
                    partitions,
                    start,
                    lastUpdate,
                    (short) tagged[2]);
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException iae) {
                throw iae;
            }
            throw new IllegalArgumentException("malformed TransactionLogValue: " + e, e);
        }
    }

    /** Reads tagged fields; stores tags 0 and 1 (int64) and 2 (int16) in {@code known} when it is given. */
    private static void skipTaggedFields(ByteBuffer in, long[] known) {
        int count = readUnsignedVarint(in);
        for (int i = 0; i < count; i++) {
            int tag = readUnsignedVarint(in);
            int size = readUnsignedVarint(in);
            int end = in.position() + size;
            if (known != null && (tag == 0 || tag == 1) && size == 8) {
                known[tag] = in.getLong();
            } else if (known != null && tag == 2 && size == 2) {
                known[2] = in.getShort();
            }
            in.position(end);
        }
    }

    private static String string(ByteBuffer in, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("null string where one is required");
        }
        byte[] bytes = new byte[length];
        in.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static void putUnsignedVarint(ByteBuffer out, int value) {
        while ((value & 0xffffff80) != 0) {
            out.put((byte) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.put((byte) value);
    }

    private static int readUnsignedVarint(ByteBuffer in) {
        int value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            byte b = in.get();
            value |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("varint longer than 5 bytes");
    }
}
