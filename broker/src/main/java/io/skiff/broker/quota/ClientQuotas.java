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

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The broker's client quotas: what is set ({@link ClientQuotaStore}, changed by AlterClientQuotas) and their
 * enforcement, one {@link QuotaManager} per enforced key, with Kafka's defaults of 11 samples of 1 second
 * ({@code quota.window.num}, {@code quota.window.size.seconds}). Produce requests are measured in request bytes,
 * fetches in response bytes, every request in the time the broker spent on it (as a percentage of one thread:
 * {@code request_percentage=50} is half a thread's time).
 *
 * <p>With no quota set, which is the default, every {@code record…} call is a volatile read and returns 0.
 *
 * <p>Thread-safe: alterations are serialized; the managers are thread-safe.
 */
public final class ClientQuotas {
    static final int SAMPLES = 11;
    static final long WINDOW_MS = 1000;

    private final ClientQuotaStore store;
    private final Clock clock;
    private final QuotaManager produce;
    private final QuotaManager fetch;
    private final QuotaManager request;

    ClientQuotas(ClientQuotaStore store, Clock clock, int samples, long windowMs) {
        this.store = store;
        this.clock = clock;
        this.produce = new QuotaManager(QuotaKey.PRODUCER_BYTE_RATE, samples, windowMs, Long.MAX_VALUE);
        this.fetch = new QuotaManager(QuotaKey.CONSUMER_BYTE_RATE, samples, windowMs, Long.MAX_VALUE);
        this.request = new QuotaManager(QuotaKey.REQUEST_PERCENTAGE, samples, windowMs, windowMs);
        applyToManagers();
    }

    /** The quotas kept in {@code dataDir} (persisted). */
    public static ClientQuotas open(Path dataDir, Clock clock) {
        return new ClientQuotas(ClientQuotaStore.open(dataDir), clock, SAMPLES, WINDOW_MS);
    }

    /** Quotas kept in memory only (tests). */
    public static ClientQuotas inMemory(Clock clock) {
        return new ClientQuotas(ClientQuotaStore.inMemory(), clock, SAMPLES, WINDOW_MS);
    }

    /** Every entity with its values. */
    public Map<ClientQuotaEntity, Map<String, Double>> all() {
        return store.all();
    }

    /** The entities that match the filter, with their values. */
    public Map<ClientQuotaEntity, Map<String, Double>> describe(ClientQuotaFilter filter) {
        Map<ClientQuotaEntity, Map<String, Double>> matching = new LinkedHashMap<>();
        store.all().forEach((entity, values) -> {
            if (filter.matches(entity)) {
                matching.put(entity, values);
            }
        });
        return matching;
    }

    /**
     * Checks and (unless {@code validateOnly}) applies alterations, each entity's key → value (null: remove); the
     * changes of valid entities are persisted together before this returns. The outcome per distinct entity.
     *
     * @throws UncheckedIOException when the quotas cannot be written; nothing changed then
     */
    public synchronized Map<ClientQuotaEntity, QuotaError> alter(
            List<ClientQuotaAlteration> alterations, boolean validateOnly) {
        Map<ClientQuotaEntity, Map<String, Double>> changes = new LinkedHashMap<>();
        Map<ClientQuotaEntity, QuotaError> results = ClientQuotaAlterations.check(alterations, store.all(), changes);
        if (!validateOnly && !changes.isEmpty()) {
            store.apply(changes);
            applyToManagers();
        }
        return results;
    }

    private void applyToManagers() {
        for (QuotaManager manager : List.of(produce, fetch, request)) {
            Map<ClientQuotaEntity, Double> values = new LinkedHashMap<>();
            store.all().forEach((entity, byKey) -> {
                Double value = byKey.get(manager.key().key());
                if (value != null) {
                    values.put(entity, value);
                }
            });
            manager.update(values);
        }
    }

    /** Whether a producer byte rate is set for anyone (else produce requests need no quota work at all). */
    public boolean produceQuotaEnabled() {
        return produce.enabled();
    }

    /** Records a produce request of {@code bytes}; the throttle time it earns (0: none). */
    public int recordProduce(String user, String clientId, int bytes) {
        return produce.enabled() ? produce.recordAndGetThrottleTimeMs(user, clientId, bytes, clock.millis()) : 0;
    }

    /** Whether a consumer byte rate is set for anyone (else fetches need no quota work at all). */
    public boolean fetchQuotaEnabled() {
        return fetch.enabled();
    }

    /** Records a fetch response of {@code bytes}; the throttle time it earns (0: none). */
    public int recordFetch(String user, String clientId, long bytes) {
        return fetch.enabled() ? fetch.recordAndGetThrottleTimeMs(user, clientId, bytes, clock.millis()) : 0;
    }

    /** Takes back a fetch response's bytes (it is answered empty because the client is throttled). */
    public void unrecordFetch(String user, String clientId, long bytes) {
        fetch.unrecord(user, clientId, bytes, clock.millis());
    }

    /** The most bytes one fetch of the client may return (Kafka bounds it by its quota window), MAX_VALUE: any. */
    public int fetchMaxBytes(String user, String clientId) {
        return (int) Math.min(Integer.MAX_VALUE, fetch.maxValueInQuotaWindow(user, clientId));
    }

    /** Whether a request percentage is set for anyone (else request time need not even be measured). */
    public boolean requestQuotaEnabled() {
        return request.enabled();
    }

    /** Records {@code nanos} of the broker's time spent on one request; the throttle time it earns (0: none). */
    public int recordRequestTime(String user, String clientId, long nanos) {
        return request.enabled()
                ? request.recordAndGetThrottleTimeMs(user, clientId, nanos * 100.0 / 1_000_000_000L, clock.millis())
                : 0;
    }
}
