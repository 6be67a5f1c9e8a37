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
import io.skiff.protocol.Uuids;
import io.skiff.record.Codecs;
import io.skiff.record.CompressionType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.zip.CRC32C;

/**
 * Client telemetry (KIP-714) as Kafka 4.4's ClientMetricsManager serves it: the subscriptions set with
 * {@code kafka-client-metrics} ({@link ClientMetricsSubscription}, kept in {@link ClientMetricsConfigStore}), each
 * client instance's view of them (GetTelemetrySubscriptions), and the checks of a push (PushTelemetry). Accepted
 * pushes go to a bounded in-memory {@link TelemetryStore} instead of Kafka's receiver plugin, so Skiff always serves
 * the telemetry APIs (Kafka advertises them only when a receiver is configured).
 *
 * <p>With no subscription (the default) a client is told to push no metrics, and re-asks every 5 minutes.
 *
 * <p>Thread-safe: requests are serialized on this object (they are rare: one per client per push interval);
 * subscriptions are an immutable snapshot.
 */
public final class ClientTelemetry {
    /** Kafka's {@code telemetry.max.bytes} default. */
    public static final int DEFAULT_TELEMETRY_MAX_BYTES = 1024 * 1024;
    /** The compressions offered to clients, in Kafka's order of preference: zstd, lz4, gzip, snappy. */
    static final List<Byte> ACCEPTED_COMPRESSION_TYPES = List.of((byte) 4, (byte) 3, (byte) 1, (byte) 2);

    private static final int MAX_INSTANCES = 16_384;
    private static final int MAX_STORED_PUSHES = 1_000;
    private static final long MAX_STORED_BYTES = 32L * 1024 * 1024;

    private final ClientMetricsConfigStore configs;
    private final Clock clock;
    private final int telemetryMaxBytes;
    private final TelemetryStore store = new TelemetryStore(MAX_STORED_PUSHES, MAX_STORED_BYTES);
    /** Bumped by every subscription change: instances made before it are re-evaluated at their next request. */
    private int subscriptionVersion;

    private final LinkedHashMap<UUID, ClientInstance> instances = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, ClientInstance> eldest) {
            return size() > MAX_INSTANCES;
        }
    };

    private ClientTelemetry(ClientMetricsConfigStore configs, Clock clock, int telemetryMaxBytes) {
        this.configs = configs;
        this.clock = clock;
        this.telemetryMaxBytes = telemetryMaxBytes;
    }

    /** Telemetry whose subscriptions are kept in {@code dataDir}. */
    public static ClientTelemetry open(Path dataDir, Clock clock) {
        return new ClientTelemetry(ClientMetricsConfigStore.open(dataDir), clock, DEFAULT_TELEMETRY_MAX_BYTES);
    }

    /** Telemetry kept in memory only (tests). */
    public static ClientTelemetry inMemory(Clock clock, int telemetryMaxBytes) {
        return new ClientTelemetry(ClientMetricsConfigStore.inMemory(), clock, telemetryMaxBytes);
    }

    /** The pushed metrics kept for a console. */
    public TelemetryStore store() {
        return store;
    }

    // --- subscriptions (CLIENT_METRICS config resources) ---

    /** Every subscription by name, sorted. */
    public Map<String, ClientMetricsSubscription> subscriptions() {
        return configs.all();
    }

    /** A subscription's configuration as set (empty when there is none of that name). */
    public Map<String, String> configs(String name) {
        ClientMetricsSubscription subscription = configs.all().get(name);
        return subscription == null ? Map.of() : subscription.configs();
    }

    /**
     * Replaces a subscription's configuration after checking it as Kafka does; an empty one removes the
     * subscription. Persisted before it returns; clients see it at their next request.
     *
     * @param validateOnly check only
     * @throws ClientMetricsConfigException for a configuration Kafka refuses
     * @throws UncheckedIOException         when it cannot be written; nothing changed then
     */
    public void alter(String name, Map<String, String> newConfigs, boolean validateOnly)
            throws ClientMetricsConfigException {
        ClientMetricsSubscription subscription = ClientMetricsSubscription.parse(name, newConfigs);
        if (validateOnly) {
            return;
        }
        synchronized (this) {
            configs.replace(name, newConfigs.isEmpty() ? null : subscription);
            subscriptionVersion++;
        }
    }

    // --- GetTelemetrySubscriptions ---

    /**
     * The answer to a GetTelemetrySubscriptions.
     *
     * @param error            NONE, or THROTTLING_QUOTA_EXCEEDED when it came before its push interval
     * @param clientInstanceId the client's id (made here when it sent the zero id)
     * @param subscriptionId   its subscription's id
     * @param pushIntervalMs   the shortest interval of its subscriptions (5 minutes without one)
     * @param requestedMetrics metric name prefixes to push ("*": all; empty: none)
     */
    public record SubscriptionAnswer(
            Errors error,
            UUID clientInstanceId,
            int subscriptionId,
            List<Byte> acceptedCompressionTypes,
            int pushIntervalMs,
            int telemetryMaxBytes,
            boolean deltaTemporality,
            List<String> requestedMetrics) {}

    /** Serves a GetTelemetrySubscriptions of {@code requestedId} (zero: a new client instance). */
    public synchronized SubscriptionAnswer getSubscriptions(UUID requestedId, ClientDescription client) {
        long now = clock.millis();
        UUID id = requestedId == null || requestedId.equals(Uuids.ZERO) ? newInstanceId() : requestedId;
        ClientInstance instance = instance(id, client, now);
        if (!instance.maybeUpdateGetTimestamp(now)
                && instance.lastKnownError != Errors.UNKNOWN_SUBSCRIPTION_ID
                && instance.lastKnownError != Errors.UNSUPPORTED_COMPRESSION_TYPE) {
            return new SubscriptionAnswer(
                    Errors.THROTTLING_QUOTA_EXCEEDED, Uuids.ZERO, 0, List.of(), 0, 0, false, List.of());
        }
        instance.lastKnownError = Errors.NONE;
        return new SubscriptionAnswer(
                Errors.NONE,
                id,
                instance.subscriptionId,
                ACCEPTED_COMPRESSION_TYPES,
                instance.pushIntervalMs,
                telemetryMaxBytes,
                true,
                instance.metrics);
    }

    // --- PushTelemetry ---

    /** Serves a PushTelemetry: NONE when accepted (its metrics then kept in the store), else Kafka's error. */
    public synchronized Errors push(
            UUID id,
            int subscriptionId,
            boolean terminating,
            byte compressionType,
            byte[] metrics,
            ClientDescription client) {
        if (id == null || id.equals(Uuids.ZERO) || id.equals(Uuids.ONE)) {
            return Errors.INVALID_REQUEST;
        }
        long now = clock.millis();
        ClientInstance instance = instance(id, client, now);
        Errors error = checkPush(instance, subscriptionId, terminating, compressionType, metrics, now);
        instance.terminating = terminating;
        instance.lastKnownError = error;
        if (error == Errors.NONE && metrics != null && metrics.length > 0) {
            byte[] data = decompress(compressionType, metrics);
            store.add(new PushedMetrics(
                    id,
                    client,
                    subscriptionId,
                    clock.instant(),
                    terminating,
                    compressionType,
                    data,
                    data == metrics && compressionType != 0 ? List.of() : MetricNames.of(data)));
        }
        return error;
    }

    private Errors checkPush(
            ClientInstance instance,
            int subscriptionId,
            boolean terminating,
            byte compressionType,
            byte[] metrics,
            long now) {
        if (instance.terminating) {
            return Errors.INVALID_REQUEST; // nothing is accepted after a terminating push
        }
        if (!instance.maybeUpdatePushTimestamp(now) && !terminating) {
            return Errors.THROTTLING_QUOTA_EXCEEDED;
        }
        if (subscriptionId != instance.subscriptionId) {
            return Errors.UNKNOWN_SUBSCRIPTION_ID;
        }
        if (compressionType < 0 || compressionType > 4) {
            return Errors.UNSUPPORTED_COMPRESSION_TYPE;
        }
        if (metrics != null && metrics.length > telemetryMaxBytes) {
            return Errors.TELEMETRY_TOO_LARGE;
        }
        return Errors.NONE;
    }

    /** The pushed data decompressed (bounded by the push size limit), or as sent when that fails. */
    private byte[] decompress(byte compressionType, byte[] metrics) {
        if (compressionType == 0) {
            return metrics;
        }
        try (InputStream in = Codecs.decompress(CompressionType.forId(compressionType), ByteBuffer.wrap(metrics))) {
            byte[] data = in.readNBytes(8 * telemetryMaxBytes + 1);
            return data.length > 8 * telemetryMaxBytes ? metrics : data;
        } catch (IOException | RuntimeException e) {
            return metrics;
        }
    }

    /**
     * The client instance of this id: the known one, re-evaluated when the subscriptions changed since it was made;
     * a new one when unknown or expired.
     */
    private ClientInstance instance(UUID id, ClientDescription client, long now) {
        ClientInstance instance = instances.get(id);
        if (instance != null && now - instance.lastSeenMs > instance.expiryMs()) {
            instance = null;
        }
        if (instance == null || instance.subscriptionVersion < subscriptionVersion) {
            instance = newInstance(id, instance == null ? client : instance.client);
            instances.put(id, instance);
        }
        instance.lastSeenMs = now;
        return instance;
    }

    private ClientInstance newInstance(UUID id, ClientDescription client) {
        int pushIntervalMs = ClientMetricsSubscription.DEFAULT_INTERVAL_MS;
        Set<String> metrics = new HashSet<>();
        boolean all = false;
        Map<String, String> selectors = client.selectors(Uuids.toBase64(id));
        for (ClientMetricsSubscription subscription : configs.all().values()) {
            if (subscription.matches(selectors)) {
                all |= subscription.metrics().contains(ClientMetricsSubscription.ALL_METRICS);
                metrics.addAll(subscription.metrics());
                pushIntervalMs = Math.min(pushIntervalMs, subscription.intervalMs());
            }
        }
        if (all) {
            metrics.clear();
            metrics.add(ClientMetricsSubscription.ALL_METRICS);
        }
        return new ClientInstance(
                id,
                client,
                subscriptionId(metrics, pushIntervalMs, id),
                subscriptionVersion,
                new ArrayList<>(metrics),
                pushIntervalMs);
    }

    /** Kafka's subscription id: CRC-32C of the metrics and interval, XORed with the instance id's hash. */
    private static int subscriptionId(Set<String> metrics, int pushIntervalMs, UUID id) {
        byte[] bytes = (metrics.toString() + pushIntervalMs).getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return (int) crc.getValue() ^ id.hashCode();
    }

    private UUID newInstanceId() {
        UUID id = Uuids.random();
        while (instances.containsKey(id)) {
            id = Uuids.random();
        }
        return id;
    }

    /** How many client instances are known (tests). */
    synchronized int instanceCount() {
        return instances.size();
    }
}
