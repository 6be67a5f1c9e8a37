package io.skiff.storage;

import io.skiff.storage.producer.TxnMarker;
import java.nio.ByteBuffer;

/**
 * Reads the end-transaction marker of a control batch: its first record's key (int16 version, int16 type: 0 ABORT,
 * 1 COMMIT) and value (int16 version, int32 coordinator epoch). Control batches are never compressed, so the record
 * follows the 61-byte batch header directly. Stateless; thread-safe.
 */
final class TxnMarkers {
    private static final short ABORT = 0;
    private static final short COMMIT = 1;

    private TxnMarkers() {}

    /**
     * The marker of the control batch at {@code pos} (the whole batch present), or null if the batch holds no
     * record (compaction may leave it empty) or a control record of another type.
     *
     * @throws InvalidRecordException if the control record is malformed
     */
    static TxnMarker read(ByteBuffer buf, int pos) {
        if (BatchHeader.recordCount(buf, pos) == 0) {
            return null;
        }
        int end = pos + BatchHeader.sizeInBytes(buf, pos);
        ByteBuffer in = buf.duplicate();
        in.limit(end).position(pos + BatchHeader.SIZE);
        try {
            readVarlong(in); // record length
            in.get(); // attributes
            readVarlong(in); // timestamp delta
            readVarlong(in); // offset delta
            int keyLength = (int) readVarlong(in);
            if (keyLength < 4) {
                throw new InvalidRecordException("control record key of " + keyLength + " bytes is too short");
            }
            int keyStart = in.position();
            in.getShort(); // key version
            short type = in.getShort();
            in.position(keyStart + keyLength);
            if (type != ABORT && type != COMMIT) {
                return null;
            }
            int valueLength = (int) readVarlong(in);
            if (valueLength < 6) {
                throw new InvalidRecordException("end-transaction marker value of " + valueLength + " bytes");
            }
            in.getShort(); // value version
            int coordinatorEpoch = in.getInt();
            return new TxnMarker(type == COMMIT, coordinatorEpoch);
        } catch (RuntimeException e) {
            if (e instanceof InvalidRecordException ire) {
                throw ire;
            }
            throw new InvalidRecordException("malformed control record: " + e);
        }
    }

    /** A zig-zag encoded variable-length long, as records use. */
    private static long readVarlong(ByteBuffer in) {
        long raw = 0;
        int shift = 0;
        while (true) {
            byte b = in.get();
            raw |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
            shift += 7;
            if (shift > 63) {
                throw new InvalidRecordException("varint too long");
            }
        }
        return (raw >>> 1) ^ -(raw & 1);
    }
}
