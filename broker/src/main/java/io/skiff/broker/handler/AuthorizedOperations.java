package io.skiff.broker.handler;

/**
 * The "authorized operations" bit fields Kafka reports when no authorizer is configured: every operation its ACL
 * model supports for the resource type (Kafka's {@code AclEntry.supportedOperations}), one bit per
 * {@code AclOperation} code. Skiff has no authorizer, so these are always the answer.
 *
 * <p>Constants only; thread-safe.
 */
final class AuthorizedOperations {
    // AclOperation codes (org.apache.kafka.common.acl.AclOperation).
    private static final int READ = 3;
    private static final int WRITE = 4;
    private static final int CREATE = 5;
    private static final int DELETE = 6;
    private static final int ALTER = 7;
    private static final int DESCRIBE = 8;
    private static final int CLUSTER_ACTION = 9;
    private static final int DESCRIBE_CONFIGS = 10;
    private static final int ALTER_CONFIGS = 11;
    private static final int IDEMPOTENT_WRITE = 12;

    /** READ, WRITE, CREATE, DESCRIBE, DELETE, ALTER, DESCRIBE_CONFIGS, ALTER_CONFIGS. */
    static final int TOPIC = bits(READ, WRITE, CREATE, DESCRIBE, DELETE, ALTER, DESCRIBE_CONFIGS, ALTER_CONFIGS);

    /** CREATE, CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE, ALTER, DESCRIBE. */
    static final int CLUSTER =
            bits(CREATE, CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE, ALTER, DESCRIBE);

    /** Kafka's value when the client did not ask for authorized operations. */
    static final int NOT_REQUESTED = Integer.MIN_VALUE;

    private AuthorizedOperations() {}

    private static int bits(int... codes) {
        int field = 0;
        for (int code : codes) {
            field |= 1 << code;
        }
        return field;
    }
}
