package io.skiff.broker.share;

/**
 * The state of one in-flight record of a share-partition (KIP-932). A record is AVAILABLE until a member acquires
 * it, ACQUIRED under that member's time lock, and then ACKNOWLEDGED (accepted) or ARCHIVED (rejected, a gap, a
 * control record, an aborted transaction's record, or past the delivery count limit): both end states are final.
 * Immutable, thread-safe.
 */
public enum RecordState {
    AVAILABLE((byte) 0),
    ACQUIRED((byte) 1),
    ACKNOWLEDGED((byte) 2),
    ARCHIVED((byte) 4);

    private final byte code;

    RecordState(byte code) {
        this.code = code;
    }

    /** Kafka's code for the state, as the share-group state records and DescribeShareGroupOffsets' tools use it. */
    public byte code() {
        return code;
    }

    /** True for ACKNOWLEDGED and ARCHIVED: the record is never delivered again. */
    public boolean isFinal() {
        return this == ACKNOWLEDGED || this == ARCHIVED;
    }

    public static RecordState fromCode(byte code) {
        for (RecordState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown record state " + code);
    }
}
