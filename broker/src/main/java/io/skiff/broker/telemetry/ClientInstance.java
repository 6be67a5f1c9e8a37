/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
