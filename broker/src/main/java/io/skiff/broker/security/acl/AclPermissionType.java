package io.skiff.broker.security.acl;

/** ALLOW or DENY (ANY only in filters), with Kafka's wire codes. */
public enum AclPermissionType {
    UNKNOWN(0),
    ANY(1),
    DENY(2),
    ALLOW(3);

    private final byte code;

    AclPermissionType(int code) {
        this.code = (byte) code;
    }

    public byte code() {
        return code;
    }

    public static AclPermissionType of(byte code) {
        for (AclPermissionType p : values()) {
            if (p.code == code) {
                return p;
            }
        }
        return UNKNOWN;
    }
}
