package io.skiff.config;

/**
 * What Skiff does with a configuration key it knows.
 *
 * <p>Thread-safety: immutable enum.
 */
public enum Support {
    /** Skiff acts on the value. */
    APPLIED("applied"),
    /**
     * Accepted, validated and described (so copied server.properties files, topic configs and
     * tools keep working) but without effect on a single node: replication, controller quorum,
     * thread pools, log cleaner tuning, tiered storage.
     */
    ACCEPTED("accepted, no effect");

    private final String label;

    Support(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
