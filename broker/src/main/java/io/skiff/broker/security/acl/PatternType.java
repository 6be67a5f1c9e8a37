package io.skiff.broker.security.acl;

/**
 * Kafka's resource pattern types with their wire codes: LITERAL (the name, or {@code *} for every resource) and
 * PREFIXED for bindings; ANY and MATCH only in filters.
 */
public enum PatternType {
    UNKNOWN(0),
    ANY(1),
    MATCH(2),
    LITERAL(3),
    PREFIXED(4);

    private final byte code;

    PatternType(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    public static PatternType of(byte code) {
        for (PatternType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return UNKNOWN;
    }
}
