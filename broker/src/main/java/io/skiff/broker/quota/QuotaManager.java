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
package io.skiff.broker.quota;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Enforces one kind of client quota (produce bytes, fetch bytes or request time) as Kafka's
 * {@code ClientQuotaManager} does: a client's usage is recorded into the rate of the quota entity that applies to
 * it, and when that rate exceeds the quota the answer is the time it must be throttled for.
 *
 * <p>Which quota applies to a connection (its user principal and client id) is Kafka's precedence: user and client
 * id, user and default client id, user, default user and client id, default user and default client id, default
 * user, client id, default client id. The rate is shared by everything the chosen entity covers: a
 * {@code client-id=app} quota by every user's {@code app} connections; a default quota gives each user or client id
 * a rate of its own. Clients no quota applies to are not recorded at all, so with no quota of this kind the cost is
 * one volatile read.
 *
 * <p>Throttle time is Kafka's {@code (rate − quota) / quota × window}, where window is the time the rate is
 * measured over; the request quota bounds it by one quota window, the byte quotas do not.
 *
 * <p>Thread-safe: the quota table is replaced whole (volatile); rates are concurrent and synchronized each.
 */
final class QuotaManager {
    /** A rate no request has touched for this long is forgotten (Kafka's quota sensors expire after an hour). */
    private static final long INACTIVE_RATE_EXPIRY_MS = 3_600_000L;

    private final QuotaKey key;
    private final int samples;
    private final long windowMs;
    private final long maxThrottleMs;
    private volatile Map<ClientQuotaEntity, Double> quotas = Map.of();
    private final Map<RateKey, SampledRate> rates = new ConcurrentHashMap<>();
    private volatile long nextExpiryCheckMs;

    /** The rate a quota is measured in: Kafka's metric tags (user, client-id), "" where the quota does not tell. */
    private record RateKey(String user, String clientId) {}

    /**
     * @param maxThrottleMs the longest throttle time it answers (Long.MAX_VALUE: unbounded)
     */
    QuotaManager(QuotaKey key, int samples, long windowMs, long maxThrottleMs) {
        this.key = key;
        this.samples = samples;
        this.windowMs = windowMs;
        this.maxThrottleMs = maxThrottleMs;
    }

    QuotaKey key() {
        return key;
    }

    /** Whether any quota of this kind is set. */
    boolean enabled() {
        return !quotas.isEmpty();
    }

    /** Replaces the quotas of this kind (entity → value); rates already measured are kept, as Kafka keeps them. */
    void update(Map<ClientQuotaEntity, Double> quotas) {
        this.quotas = Map.copyOf(quotas);
    }

    /**
     * Records {@code amount} for the client and returns how long it must be throttled (0 when within its quota or
     * when no quota applies).
     */
    int recordAndGetThrottleTimeMs(String user, String clientId, double amount, long nowMs) {
        Map<ClientQuotaEntity, Double> table = quotas;
        if (table.isEmpty()) {
            return 0;
        }
        RateKey rateKey = rateKey(table, user, clientId == null ? "" : clientId);
        Double bound = quotaLimit(table, rateKey);
        if (bound == null) {
            return 0;
        }
        SampledRate rate = rates.computeIfAbsent(rateKey, k -> new SampledRate(samples, windowMs));
        double measured = rate.record(amount, nowMs);
        expireIdleRates(nowMs);
        if (measured <= bound) {
            return 0;
        }
        double throttle = (measured - bound) / bound * rate.windowSizeMs(nowMs);
        return (int) Math.min(Math.min(Math.round(throttle), maxThrottleMs), Integer.MAX_VALUE);
    }

    /** Takes back {@code amount} recorded for the client (a fetch answered empty because it was throttled). */
    void unrecord(String user, String clientId, double amount, long nowMs) {
        Map<ClientQuotaEntity, Double> table = quotas;
        if (table.isEmpty()) {
            return;
        }
        SampledRate rate = rates.get(rateKey(table, user, clientId == null ? "" : clientId));
        if (rate != null) {
            rate.record(-amount, nowMs);
        }
    }

    /**
     * The most a client may use within one quota measurement (quota × (samples − 1) × window), as Kafka bounds a
     * fetch's size by it; Double.MAX_VALUE when no quota applies.
     */
    double maxValueInQuotaWindow(String user, String clientId) {
        Map<ClientQuotaEntity, Double> table = quotas;
        if (table.isEmpty()) {
            return Double.MAX_VALUE;
        }
        Double bound = quotaLimit(table, rateKey(table, user, clientId == null ? "" : clientId));
        return bound == null ? Double.MAX_VALUE : bound * (samples - 1) * (windowMs / 1000.0);
    }

    /** The quota that applies to the client, or null (Kafka's DefaultQuotaCallback.quotaLimit). */
    Double quotaFor(String user, String clientId) {
        Map<ClientQuotaEntity, Double> table = quotas;
        return table.isEmpty() ? null : quotaLimit(table, rateKey(table, user, clientId == null ? "" : clientId));
    }

    /** Kafka's DefaultQuotaCallback.quotaMetricTags: which rate the client's usage counts against. */
    private static RateKey rateKey(Map<ClientQuotaEntity, Double> table, String user, String clientId) {
        if (table.containsKey(ClientQuotaEntity.userAndClientId(user, clientId))
                || table.containsKey(ClientQuotaEntity.userAndClientId(user, null))) {
            return new RateKey(user, clientId);
        }
        if (table.containsKey(ClientQuotaEntity.user(user))) {
            return new RateKey(user, "");
        }
        if (table.containsKey(ClientQuotaEntity.userAndClientId(null, clientId))
                || table.containsKey(ClientQuotaEntity.userAndClientId(null, null))) {
            return new RateKey(user, clientId);
        }
        if (table.containsKey(ClientQuotaEntity.user(null))) {
            return new RateKey(user, "");
        }
        return new RateKey("", clientId);
    }

    /** Kafka's DefaultQuotaCallback.quotaLimit: the quota of the rate, most specific entity first. */
    private static Double quotaLimit(Map<ClientQuotaEntity, Double> table, RateKey rate) {
        String user = rate.user();
        String clientId = rate.clientId();
        if (!user.isEmpty() && !clientId.isEmpty()) {
            return first(
                    table,
                    ClientQuotaEntity.userAndClientId(user, clientId),
                    ClientQuotaEntity.userAndClientId(user, null),
                    ClientQuotaEntity.userAndClientId(null, clientId),
                    ClientQuotaEntity.userAndClientId(null, null));
        }
        if (!user.isEmpty()) {
            return first(table, ClientQuotaEntity.user(user), ClientQuotaEntity.user(null));
        }
        if (!clientId.isEmpty()) {
            return first(table, ClientQuotaEntity.clientId(clientId), ClientQuotaEntity.clientId(null));
        }
        return null;
    }

    private static Double first(Map<ClientQuotaEntity, Double> table, ClientQuotaEntity... entities) {
        for (ClientQuotaEntity entity : entities) {
            Double value = table.get(entity);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private void expireIdleRates(long nowMs) {
        if (nowMs < nextExpiryCheckMs) {
            return;
        }
        nextExpiryCheckMs = nowMs + 60_000L;
        rates.values().removeIf(r -> nowMs - r.lastRecordMs() > INACTIVE_RATE_EXPIRY_MS);
    }
}
