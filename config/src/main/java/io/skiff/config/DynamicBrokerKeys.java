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
package io.skiff.config;

import java.util.Set;

/**
 * Which broker keys may change while Kafka 4.4 runs (kafka-configs --entity-type brokers), copied from its
 * {@code DynamicBrokerConfig}: the dynamic keys, those that only a broker's own resource may set (not the cluster
 * default), and the security keys that need a listener prefix. Keys outside Kafka's broker configuration are not
 * refused (Kafka stores them as given); {@code listener.name.<listener>.<key>} stands for {@code <key>}.
 *
 * <p>Stateless; thread-safe.
 */
public final class DynamicBrokerKeys {
    private static final String LISTENER_PREFIX = "listener.name.";

    /** Kafka 4.4's {@code DynamicBrokerConfig.ALL_DYNAMIC_CONFIGS}. */
    private static final Set<String> DYNAMIC = Set.of(
            "background.threads",
            "compression.gzip.level",
            "compression.lz4.level",
            "compression.type",
            "compression.zstd.level",
            "config.providers",
            "cordoned.log.dirs",
            "errors.deadletterqueue.auto.create.topics.enable",
            "errors.deadletterqueue.topic.name.prefix",
            "follower.fetch.last.tiered.offset.enable",
            "follower.replication.throttled.rate",
            "group.consumer.assignment.interval.ms",
            "group.consumer.assignor.offload.enable",
            "group.coordinator.cached.buffer.max.bytes",
            "group.share.assignment.interval.ms",
            "group.share.assignor.offload.enable",
            "group.streams.assignment.interval.ms",
            "group.streams.assignor.offload.enable",
            "leader.replication.throttled.rate",
            "listener.security.protocol.map",
            "listeners",
            "log.cleaner.backoff.ms",
            "log.cleaner.dedupe.buffer.size",
            "log.cleaner.delete.retention.ms",
            "log.cleaner.io.buffer.load.factor",
            "log.cleaner.io.buffer.size",
            "log.cleaner.io.max.bytes.per.second",
            "log.cleaner.max.compaction.lag.ms",
            "log.cleaner.min.cleanable.ratio",
            "log.cleaner.min.compaction.lag.ms",
            "log.cleaner.threads",
            "log.cleanup.policy",
            "log.flush.interval.messages",
            "log.flush.interval.ms",
            "log.index.interval.bytes",
            "log.index.size.max.bytes",
            "log.local.retention.bytes",
            "log.local.retention.ms",
            "log.message.timestamp.after.max.ms",
            "log.message.timestamp.before.max.ms",
            "log.message.timestamp.type",
            "log.preallocate",
            "log.remote.copy.lag.bytes",
            "log.remote.copy.lag.ms",
            "log.retention.bytes",
            "log.retention.ms",
            "log.roll.jitter.ms",
            "log.roll.ms",
            "log.segment.bytes",
            "log.segment.delete.delay.ms",
            "max.connection.creation.rate",
            "max.connections",
            "max.connections.per.ip",
            "max.connections.per.ip.overrides",
            "max.decompressed.message.bytes",
            "message.max.bytes",
            "metric.reporters",
            "min.insync.replicas",
            "num.io.threads",
            "num.network.threads",
            "num.recovery.threads.per.data.dir",
            "num.replica.fetchers",
            "principal.builder.class",
            "producer.id.expiration.ms",
            "remote.fetch.max.wait.ms",
            "remote.list.offsets.request.timeout.ms",
            "remote.log.index.file.cache.total.size.bytes",
            "remote.log.manager.copier.thread.pool.size",
            "remote.log.manager.copy.max.bytes.per.second",
            "remote.log.manager.expiration.thread.pool.size",
            "remote.log.manager.fetch.max.bytes.per.second",
            "remote.log.manager.follower.thread.pool.size",
            "remote.log.reader.threads",
            "replica.alter.log.dirs.io.max.bytes.per.second",
            "sasl.enabled.mechanisms",
            "sasl.jaas.config",
            "sasl.kerberos.kinit.cmd",
            "sasl.kerberos.min.time.before.relogin",
            "sasl.kerberos.principal.to.local.rules",
            "sasl.kerberos.service.name",
            "sasl.kerberos.ticket.renew.jitter",
            "sasl.kerberos.ticket.renew.window.factor",
            "sasl.login.refresh.buffer.seconds",
            "sasl.login.refresh.min.period.seconds",
            "sasl.login.refresh.window.factor",
            "sasl.login.refresh.window.jitter",
            "sasl.mechanism.inter.broker.protocol",
            "share.coordinator.cached.buffer.max.bytes",
            "ssl.cipher.suites",
            "ssl.client.auth",
            "ssl.enabled.protocols",
            "ssl.endpoint.identification.algorithm",
            "ssl.engine.factory.class",
            "ssl.key.password",
            "ssl.keymanager.algorithm",
            "ssl.keystore.certificate.chain",
            "ssl.keystore.key",
            "ssl.keystore.location",
            "ssl.keystore.password",
            "ssl.keystore.type",
            "ssl.protocol",
            "ssl.provider",
            "ssl.secure.random.implementation",
            "ssl.trustmanager.algorithm",
            "ssl.truststore.certificates",
            "ssl.truststore.location",
            "ssl.truststore.password",
            "ssl.truststore.type",
            "transaction.partition.verification.enable",
            "unclean.leader.election.enable");

    /** Kafka 4.4's {@code CLUSTER_LEVEL_LISTENER_CONFIGS}: listener keys the cluster default may set. */
    private static final Set<String> CLUSTER_LEVEL_LISTENER =
            Set.of("max.connection.creation.rate", "max.connections", "num.network.threads");

    /** Kafka 4.4's {@code DYNAMIC_SECURITY_CONFIGS}: changed only with a listener prefix. */
    private static final Set<String> SECURITY = Set.of(
            "ssl.key.password",
            "ssl.keystore.certificate.chain",
            "ssl.keystore.key",
            "ssl.keystore.location",
            "ssl.keystore.password",
            "ssl.keystore.type",
            "ssl.truststore.certificates",
            "ssl.truststore.location",
            "ssl.truststore.password",
            "ssl.truststore.type");

    private DynamicBrokerKeys() {}

    /** True when Kafka changes {@code key} at run time (DescribeConfigs shows it read-only otherwise). */
    public static boolean isDynamic(String key) {
        return DYNAMIC.contains(key);
    }

    /**
     * True when a change of {@code key} is refused as "Cannot update these configs dynamically": a key of Kafka's
     * broker configuration (Skiff's table) that is not dynamic. Unknown and listener-prefixed keys are stored.
     */
    public static boolean isStaticOnly(String key) {
        return BrokerConfigKeys.TABLE.contains(key) && !DYNAMIC.contains(key);
    }

    /** True for a security key given without the listener prefix it needs. */
    public static boolean needsListenerPrefix(String key) {
        return SECURITY.contains(key);
    }

    /**
     * True when only a broker's own resource may set {@code key} (Kafka's {@code PER_BROKER_CONFIGS}: listeners,
     * the SSL and SASL keys, principal.builder.class, cordoned.log.dirs), also with a listener prefix unless the
     * key is one of the listener keys kept cluster-wide.
     */
    public static boolean isPerBrokerOnly(String key) {
        String base = withoutListenerPrefix(key);
        if (!base.equals(key)) {
            return !CLUSTER_LEVEL_LISTENER.contains(base);
        }
        return DYNAMIC.contains(key) && isPerBrokerKey(key);
    }

    private static boolean isPerBrokerKey(String key) {
        return key.startsWith("ssl.")
                || key.startsWith("sasl.")
                || key.equals("listeners")
                || key.equals("listener.security.protocol.map")
                || key.equals("principal.builder.class")
                || key.equals("cordoned.log.dirs");
    }

    /** {@code <key>} for {@code listener.name.<listener>.<key>}, else {@code key} itself. */
    public static String withoutListenerPrefix(String key) {
        if (key.startsWith(LISTENER_PREFIX)) {
            int dot = key.indexOf('.', LISTENER_PREFIX.length());
            if (dot > 0 && dot < key.length() - 1) {
                return key.substring(dot + 1);
            }
        }
        return key;
    }
}
