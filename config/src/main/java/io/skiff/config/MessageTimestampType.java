package io.skiff.config;

/**
 * Values of {@code message.timestamp.type} / {@code log.message.timestamp.type}.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum MessageTimestampType {
    CREATE_TIME("CreateTime"),
    LOG_APPEND_TIME("LogAppendTime");

    private final String label;

    MessageTimestampType(String label) {
        this.label = label;
    }

    /** The configuration value, e.g. {@code CreateTime}. */
    public String label() {
        return label;
    }

    /** Parses a (validated) configuration value. */
    public static MessageTimestampType of(String label) {
        for (MessageTimestampType t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        throw new IllegalArgumentException("not a timestamp type: " + label);
    }
}
