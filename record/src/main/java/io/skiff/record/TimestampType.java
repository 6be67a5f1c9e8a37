package io.skiff.record;

/**
 * Whether a batch's timestamps are the producer's (CreateTime) or the broker's (LogAppendTime):
 * bit 3 of the batch attributes.
 *
 * <p>Thread-safety: immutable enum, safe to share.
 */
public enum TimestampType {
    CREATE_TIME("CreateTime"),
    LOG_APPEND_TIME("LogAppendTime");

    private final String label;

    TimestampType(String label) {
        this.label = label;
    }

    /** The name Kafka's {@code message.timestamp.type} setting uses. */
    public String label() {
        return label;
    }

    /** Parses {@code CreateTime} / {@code LogAppendTime}; null when the name is neither. */
    public static TimestampType forLabel(String label) {
        for (TimestampType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        return null;
    }
}
