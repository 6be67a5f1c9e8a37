package io.skiff.broker.group;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Encodes and decodes {@code __consumer_offsets} records in Kafka's own layouts so Kafka tools can read
 * them: OffsetCommitKey v1 (group, topic, partition), OffsetCommitValue v3 (offset, leader epoch,
 * metadata, commit timestamp; v1 when an explicit expire timestamp is set), GroupMetadataKey v2
 * (group) and GroupMetadataValue v3. Every key and value starts with an int16 schema version; strings
 * are int16-length UTF-8 (-1 = null), bytes int32-length. Stateless, thread-safe.
 */
public final class GroupRecordCodec {
    private static final short OFFSET_KEY_VERSION = 1;
    private static final short GROUP_KEY_VERSION = 2;
    private static final short OFFSET_VALUE_VERSION = 3;
    private static final short OFFSET_VALUE_VERSION_WITH_EXPIRY = 1;
    private static final short GROUP_VALUE_VERSION = 3;

    private GroupRecordCodec() {}

    public static byte[] offsetKey(String groupId, TopicPartition tp) {
        Writer w = new Writer();
        w.i16(OFFSET_KEY_VERSION).str(groupId).str(tp.topic()).i32(tp.partition());
        return w.bytes();
    }

    public static byte[] offsetValue(OffsetAndMetadata v) {
        Writer w = new Writer();
        if (v.explicitExpireTimestamp().isPresent()) {
            w.i16(OFFSET_VALUE_VERSION_WITH_EXPIRY)
                    .i64(v.offset())
                    .str(v.metadata())
                    .i64(v.commitTimestamp())
                    .i64(v.expireTimestamp());
        } else {
            w.i16(OFFSET_VALUE_VERSION)
                    .i64(v.offset())
                    .i32(v.leaderEpoch())
                    .str(v.metadata())
                    .i64(v.commitTimestamp());
        }
        return w.bytes();
    }

    public static byte[] groupKey(String groupId) {
        Writer w = new Writer();
        w.i16(GROUP_KEY_VERSION).str(groupId);
        return w.bytes();
    }

    public static byte[] groupValue(GroupMetadataSnapshot g) {
        Writer w = new Writer();
        w.i16(GROUP_VALUE_VERSION)
                .str(g.protocolType())
                .i32(g.generation())
                .str(g.protocol())
                .str(g.leader())
                .i64(g.currentStateTimestamp())
                .i32(g.members().size());
        for (GroupMetadataSnapshot.Member m : g.members()) {
            w.str(m.memberId())
                    .str(m.groupInstanceId())
                    .str(m.clientId())
                    .str(m.clientHost())
                    .i32(m.rebalanceTimeoutMs())
                    .i32(m.sessionTimeoutMs())
                    .bytes(m.subscription())
                    .bytes(m.assignment());
        }
        return w.bytes();
    }

    /**
     * Decodes one record. Empty for key types this coordinator does not use (e.g. records of Kafka's
     * newer consumer-group protocol), so replay skips them.
     *
     * @throws IllegalArgumentException for a malformed key or value
     */
    public static Optional<GroupRecord> decode(ByteBuffer key, ByteBuffer value) {
        try {
            ByteBuffer k = key.duplicate();
            short keyVersion = k.getShort();
            if (keyVersion == 0 || keyVersion == 1) {
                String group = str(k);
                TopicPartition tp = new TopicPartition(str(k), k.getInt());
                return Optional.of(
                        new GroupRecord.OffsetCommit(group, tp, value == null ? null : offsetValue(value.duplicate())));
            }
            if (keyVersion == 2) {
                String group = str(k);
                return Optional.of(
                        new GroupRecord.GroupMetadata(group, value == null ? null : groupValue(value.duplicate())));
            }
            return Optional.empty();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Malformed __consumer_offsets record: " + e, e);
        }
    }

    private static OffsetAndMetadata offsetValue(ByteBuffer v) {
        short version = v.getShort();
        if (version < 0 || version > 3) {
            throw new IllegalArgumentException("Unsupported OffsetCommitValue version " + version);
        }
        long offset = v.getLong();
        int leaderEpoch = version >= 3 ? v.getInt() : -1;
        String metadata = str(v);
        long commitTs = v.getLong();
        long expireTs = version == 1 ? v.getLong() : OffsetAndMetadata.NO_EXPIRE_TIMESTAMP;
        return new OffsetAndMetadata(offset, leaderEpoch, metadata, commitTs, expireTs);
    }

    private static GroupMetadataSnapshot groupValue(ByteBuffer v) {
        short version = v.getShort();
        if (version < 0 || version > 3) {
            throw new IllegalArgumentException("Unsupported GroupMetadataValue version " + version);
        }
        String protocolType = str(v);
        int generation = v.getInt();
        String protocol = str(v);
        String leader = str(v);
        long stateTs = version >= 2 ? v.getLong() : -1L;
        int n = v.getInt();
        List<GroupMetadataSnapshot.Member> members = new ArrayList<>(Math.max(0, n));
        for (int i = 0; i < n; i++) {
            String memberId = str(v);
            String instanceId = version >= 3 ? str(v) : null;
            String clientId = str(v);
            String clientHost = str(v);
            int rebalanceTimeout = version >= 1 ? v.getInt() : -1;
            int sessionTimeout = v.getInt();
            byte[] subscription = bytes(v);
            byte[] assignment = bytes(v);
            members.add(new GroupMetadataSnapshot.Member(
                    memberId,
                    instanceId,
                    clientId,
                    clientHost,
                    rebalanceTimeout,
                    sessionTimeout,
                    subscription,
                    assignment));
        }
        return new GroupMetadataSnapshot(protocolType, generation, protocol, leader, stateTs, members);
    }

    private static String str(ByteBuffer b) {
        int len = b.getShort();
        if (len < 0) {
            return null;
        }
        byte[] out = new byte[len];
        b.get(out);
        return new String(out, StandardCharsets.UTF_8);
    }

    private static byte[] bytes(ByteBuffer b) {
        int len = b.getInt();
        if (len < 0) {
            return new byte[0];
        }
        byte[] out = new byte[len];
        b.get(out);
        return out;
    }

    /** A growable big-endian buffer for the encoders. */
    private static final class Writer {
        private ByteBuffer buf = ByteBuffer.allocate(128);

        private void ensure(int n) {
            if (buf.remaining() < n) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + n));
                buf.flip();
                bigger.put(buf);
                buf = bigger;
            }
        }

        Writer i16(int v) {
            ensure(2);
            buf.putShort((short) v);
            return this;
        }

        Writer i32(int v) {
            ensure(4);
            buf.putInt(v);
            return this;
        }

        Writer i64(long v) {
            ensure(8);
            buf.putLong(v);
            return this;
        }

        Writer str(String s) {
            if (s == null) {
                return i16(-1);
            }
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            if (b.length > Short.MAX_VALUE) {
                throw new IllegalArgumentException(
                        "String too long for a __consumer_offsets record: " + b.length + " bytes");
            }
            i16(b.length);
            ensure(b.length);
            buf.put(b);
            return this;
        }

        Writer bytes(byte[] b) {
            byte[] v = b == null ? new byte[0] : b;
            i32(v.length);
            ensure(v.length);
            buf.put(v);
            return this;
        }

        byte[] bytes() {
            byte[] out = new byte[buf.position()];
            buf.flip();
            buf.get(out);
            return out;
        }
    }
}
