package io.skiff.broker.group.share;

/**
 * A share group's membership settings, resolved per group (GROUP resource {@code share.*} over the broker's
 * {@code group.share.*}). Immutable, thread-safe.
 */
public record ShareGroupSettings(int sessionTimeoutMs, int heartbeatIntervalMs, int maxSize) {}
