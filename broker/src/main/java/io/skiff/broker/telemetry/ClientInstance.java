package io.skiff.broker.telemetry;

import io.skiff.protocol.Errors;
import java.util.List;
import java.util.UUID;

/**
 * What the broker knows of one client instance: its subscription (evaluated against the subscriptions of the version
 * it was made at), when it last asked and pushed, and whether it said it is terminating. Kafka's
 * ClientMetricsInstance, with its timing rules.
 *
 * <p>Not thread-safe: guarded by {@link ClientTelemetry}'s lock.
 */
final class ClientInstance {
    final UUID id;
    final ClientDescription client;
    final int subscriptionId;
    final int subscriptionVersion;
    final List<String> metrics;
    final int pushIntervalMs;
    long lastGetMs;
    long lastPushMs;
    long lastSeenMs;
    boolean terminating;
    Errors lastKnownError = Errors.NONE;

    ClientInstance(
            UUID id,
            ClientDescription client,
            int subscriptionId,
            int subscriptionVersion,
            List<String> metrics,
            int pushIntervalMs) {
        this.id = id;
        this.client = client;
        this.subscriptionId = subscriptionId;
        this.subscriptionVersion = subscriptionVersion;
        this.metrics = metrics;
        this.pushIntervalMs = pushIntervalMs;
    }

    /** A GetTelemetrySubscriptions is due once a push interval passed since the last request of either kind. */
    boolean maybeUpdateGetTimestamp(long nowMs) {
        if (nowMs - Math.max(lastGetMs, lastPushMs) >= pushIntervalMs) {
            lastGetMs = nowMs;
            return true;
        }
        return false;
    }

    /**
     * A push is due right after a GetTelemetrySubscriptions (the client jitters its interval), else once a push
     * interval passed since the last push.
     */
    boolean maybeUpdatePushTimestamp(long nowMs) {
        boolean accept = lastGetMs > lastPushMs || nowMs - lastPushMs >= pushIntervalMs;
        if (accept) {
            lastPushMs = nowMs;
        }
        return accept;
    }

    /** How long it is kept without hearing from it: a minute, or three push intervals (as Kafka). */
    long expiryMs() {
        return Math.max(60_000L, 3L * pushIntervalMs);
    }
}
