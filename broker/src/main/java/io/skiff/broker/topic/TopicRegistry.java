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
package io.skiff.broker.topic;

import io.skiff.broker.concurrent.NetworkThreads;
import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.TopicConfig;
import io.skiff.storage.FileChannelFactory;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's topics: finds, creates, recovers and deletes them.
 *
 * <p>Thread-safe. One lock guards the maps only (name → topic, id → topic, names being created or deleted); no
 * disk I/O happens under it. A create first reserves its name under the lock, builds the topic on disk outside the
 * lock, then publishes it under the lock. A concurrent create of the same name sees the reservation: an explicit
 * create fails with {@link TopicExistsException} (nothing to clean up), a get-or-create waits for the winner and
 * returns its topic. If building fails, the creator removes what it wrote and releases the name. A delete removes the
 * topic from the maps under the lock (new requests no longer find it), keeps the name reserved, and closes and
 * deletes the files outside the lock.
 *
 * <p>On-disk layout: see {@link TopicMetadataStore}.
 */
public final class TopicRegistry implements Closeable {
    private static final Logger LOG = LoggerFactory.getLogger(TopicRegistry.class);

    private final BrokerConfig config;
    private final DynamicBrokerConfigs dynamic;
    private final TopicMetadataStore store;
    private final PartitionOpener opener = new PartitionOpener();
    private final TopicBuilder builder;
    private final Object lock = new Object();
    // Serializes admin changes to existing topics (partitions, configuration); disk I/O allowed under it.
    private final Object adminLock = new Object();
    // All guarded by lock.
    private final Map<String, Topic> byName = new HashMap<>();
    private final Map<UUID, Topic> byId = new HashMap<>();
    private final Map<String, CompletableFuture<Topic>> creating = new HashMap<>();
    private final Map<String, CompletableFuture<Void>> deleting = new HashMap<>();
    private final Map<String, String> collisionKeys = new HashMap<>();
    private boolean closed;
    private int recoveredCount;
    private LogHousekeeper housekeeper;
    private final AtomicReference<PartitionGate> gate = new AtomicReference<>(PartitionGate.OPEN);

    private TopicRegistry(BrokerConfig config, Clock clock, TopicMetadataStore store, FileChannelFactory files) {
        this.config = config;
        this.dynamic = DynamicBrokerConfigs.open(store.dataDir(), config, this::topics, adminLock);
        this.store = store;
        this.builder = new TopicBuilder(config, clock, store, files, opener, gate);
    }

    /** Sets what every partition consults before its appends and reads (storage faults of tests). */
    public void setPartitionGate(PartitionGate gate) {
        this.gate.set(java.util.Objects.requireNonNull(gate));
    }

    /**
     * Opens the data directory (the first of {@code log.dirs}), recovers every topic persisted there and starts
     * the housekeeping (retention, roll, flush, producer expiration) every {@code log.retention.check.interval.ms}.
     *
     * @throws IOException if the directory is unusable or a topic's files are inconsistent
     */
    public static TopicRegistry open(BrokerConfig config, Clock clock) throws IOException {
        return open(config, clock, FileChannelFactory.DEFAULT);
    }

    /**
     * As {@link #open(BrokerConfig, Clock)}, the partitions' logs writing their segments through {@code files}
     * (tests inject I/O faults with it).
     */
    public static TopicRegistry open(BrokerConfig config, Clock clock, FileChannelFactory files) throws IOException {
        Path dataDir = config.logDirs().get(0);
        Files.createDirectories(dataDir);
        if (config.logDirs().size() > 1) {
            LOG.warn("Several log.dirs are configured; Skiff uses only the first one, {}", dataDir);
        }
        TopicRegistry registry = new TopicRegistry(config, clock, new TopicMetadataStore(dataDir), files);
        try {
            registry.recoveredCount = TopicRecovery.recover(
                    registry.store,
                    registry.builder,
                    registry.opener,
                    registry.brokerConfig(),
                    registry::publishLocked);
        } catch (IOException | RuntimeException e) {
            registry.close();
            throw e;
        }
        registry.housekeeper = LogHousekeeper.start(
                registry::topics,
                config.get(BrokerConfigKeys.LOG_RETENTION_CHECK_INTERVAL_MS),
                config.get(BrokerConfigKeys.PRODUCER_ID_EXPIRATION_MS),
                clock,
                LogConfigs.cleanerConfig(config),
                dataDir);
        return registry;
    }

    /**
     * Compacts every partition of a compacted topic now, by the cleaner's rules (the active segment, open
     * transactions and {@code min.compaction.lag.ms} are respected; tombstones stay until their delete horizon),
     * whatever its dirty ratio. Returns how many records were removed.
     *
     * @throws UnknownTopicException if there is no such topic
     * @throws IllegalArgumentException if its {@code cleanup.policy} does not include {@code compact}
     */
    public long compactTopic(String name) {
        Topic topic = topic(name).orElseThrow(() -> new UnknownTopicException("Topic " + name + " does not exist"));
        long removed = 0;
        for (Partition p : topic.partitions()) {
            removed += topic.whileOpen(
                    () -> housekeeper.cleaner().compactNow(p.log()).recordsRemoved());
        }
        return removed;
    }

    /** How many topics were recovered from the data directory at startup. */
    public int recoveredTopicCount() {
        return recoveredCount;
    }

    public Path dataDir() {
        return store.dataDir();
    }

    /** The broker configuration topics take their defaults from: the static one under the dynamic one. */
    public BrokerConfig brokerConfig() {
        return dynamic.current();
    }

    /** The dynamic broker configuration; changing it re-resolves every topic's defaults. */
    public DynamicBrokerConfigs dynamicConfigs() {
        return dynamic;
    }

    public Optional<Topic> topic(String name) {
        synchronized (lock) {
            return Optional.ofNullable(byName.get(name));
        }
    }

    public Optional<Topic> topic(UUID id) {
        synchronized (lock) {
            return Optional.ofNullable(byId.get(id));
        }
    }

    /** A snapshot of all topics, sorted by name. */
    public Collection<Topic> topics() {
        List<Topic> all;
        synchronized (lock) {
            all = new ArrayList<>(byName.values());
        }
        all.sort((a, b) -> a.name().compareTo(b.name()));
        return all;
    }

    /**
     * Creates a topic.
     *
     * @throws TopicExistsException   if it exists, is being created or is being deleted
     * @throws InvalidTopicException  if the name is illegal or collides with an existing name ('.' vs '_')
     * @throws IllegalArgumentException if {@code partitions < 1}
     * @throws io.skiff.config.ConfigException if a config override is unknown or invalid
     * @throws UncheckedIOException   if the files cannot be written (nothing is left behind)
     */
    public Topic createTopic(String name, int partitions, Map<String, String> configs) {
        return create(name, partitions, configs, TopicNames.isInternal(name), false);
    }

    /**
     * Checks everything {@link #createTopic} would check, without creating anything (CreateTopics validate_only).
     * The returned configuration is what the topic would get.
     */
    public TopicConfig validateNewTopic(String name, int partitions, Map<String, String> configs) {
        TopicNames.validate(name);
        checkPartitions(partitions);
        TopicConfig topicConfig = TopicConfig.of(configs, brokerConfig());
        synchronized (lock) {
            checkNameFree(name);
        }
        return topicConfig;
    }

    /**
     * Returns the topic, creating it with the broker defaults ({@code num.partitions}, no overrides) when missing:
     * automatic topic creation. {@code __consumer_offsets} gets its own partition count and compaction.
     */
    public Topic getOrCreateTopic(String name) {
        if (TopicNames.CONSUMER_OFFSETS.equals(name)) {
            int partitions = config.get(BrokerConfigKeys.OFFSETS_TOPIC_NUM_PARTITIONS);
            return getOrCreateInternalTopic(name, partitions, Map.of("cleanup.policy", "compact"));
        }
        return create(name, config.get(BrokerConfigKeys.NUM_PARTITIONS), Map.of(), TopicNames.isInternal(name), true);
    }

    /** Returns the internal topic, creating it with these settings when missing. */
    public Topic getOrCreateInternalTopic(String name, int partitions, Map<String, String> configs) {
        return create(name, partitions, configs, true, true);
    }

    private Topic create(
            String name, int partitions, Map<String, String> configs, boolean internal, boolean returnExisting) {
        TopicNames.validate(name);
        checkPartitions(partitions);
        TopicConfig topicConfig = TopicConfig.of(configs, brokerConfig());
        while (true) {
            CompletableFuture<Topic> mine = new CompletableFuture<>();
            CompletableFuture<?> other;
            String busy;
            synchronized (lock) {
                if (closed) {
                    throw new IllegalStateException("The broker is shutting down");
                }
                Topic existing = byName.get(name);
                if (existing != null) {
                    if (returnExisting) {
                        return existing;
                    }
                    throw new TopicExistsException("Topic '" + name + "' already exists.");
                }
                other = creating.containsKey(name) ? creating.get(name) : deleting.get(name);
                busy = deleting.containsKey(name)
                        ? "Topic '" + name + "' is marked for deletion."
                        : "Topic '" + name + "' already exists.";
                if (other == null) {
                    checkNoCollision(name);
                    creating.put(name, mine);
                    collisionKeys.put(TopicNames.collisionKey(name), name);
                }
            }
            if (other == null) {
                return buildNew(name, partitions, internal, topicConfig, mine);
            }
            if (!returnExisting) {
                throw new TopicExistsException(busy);
            }
            NetworkThreads.checkMayBlock("Waiting for another creation or deletion of topic " + name);
            try {
                other.join(); // wait for the other creator (or the deletion) outside the lock, then look again
            } catch (CompletionException e) {
                // the other creation failed; try ourselves
            }
        }
    }

    private Topic buildNew(
            String name,
            int partitions,
            boolean internal,
            TopicConfig topicConfig,
            CompletableFuture<Topic> reservation) {
        NetworkThreads.checkMayBlock("Creating topic " + name);
        TopicMetadata meta = new TopicMetadata(name, TopicIds.random(), partitions, internal, topicConfig.overrides());
        Topic topic = null;
        boolean late = TopicBuilder.opensLogsLate(partitions);
        try {
            topic = late ? builder.buildUnopened(meta, topicConfig, true) : builder.build(meta, topicConfig, true);
            store.writeTopic(meta);
            synchronized (lock) {
                creating.remove(name);
                publish(topic);
            }
            reservation.complete(topic);
            if (late) {
                opener.openLogsInBackground(topic.partitions(), false);
            }
            LOG.info("Created topic {} with {} partitions, id {}", name, partitions, TopicIds.toBase64(meta.id()));
            return topic;
        } catch (IOException | RuntimeException e) {
            if (topic != null) {
                builder.discard(topic);
            }
            synchronized (lock) {
                creating.remove(name);
                collisionKeys.remove(TopicNames.collisionKey(name));
            }
            reservation.completeExceptionally(e);
            if (e instanceof IOException io) {
                throw new UncheckedIOException("Cannot create topic " + name + ": " + io.getMessage(), io);
            }
            throw (RuntimeException) e;
        }
    }

    /**
     * Grows a topic to {@code totalCount} partitions (CreatePartitions): the new partitions' logs are created, then
     * the new count is persisted, then they become visible. Admin changes to topics are serialized; none holds the
     * map lock.
     *
     * @throws UnknownTopicException    if there is no such topic
     * @throws IllegalArgumentException if {@code totalCount} is not above the current count
     * @throws UncheckedIOException     if the files cannot be written (the new partitions are removed again)
     */
    public Topic createPartitions(String name, int totalCount) {
        NetworkThreads.checkMayBlock("Creating partitions of topic " + name);
        Topic topic = topic(name).orElseThrow(() -> new UnknownTopicException("Topic " + name + " does not exist"));
        synchronized (adminLock) {
            return topic.whileOpen(() -> {
                int current = topic.partitionCount();
                if (totalCount <= current) {
                    throw new IllegalArgumentException("The topic " + name + " currently has " + current
                            + " partition(s); " + totalCount + " would not be an increase.");
                }
                boolean late = TopicBuilder.opensLogsLate(totalCount - current);
                List<Partition> added = List.of();
                try {
                    added = late
                            ? builder.unopened(topic, current, totalCount, true)
                            : builder.openNew(topic, current, totalCount);
                    store.writeTopic(TopicMetadata.of(topic, totalCount, topic.config()));
                } catch (IOException | RuntimeException e) {
                    for (Partition p : added) {
                        TopicBuilder.closeQuietly(p, true);
                    }
                    if (e instanceof IOException io) {
                        throw new UncheckedIOException("Cannot add partitions to " + name + ": " + io.getMessage(), io);
                    }
                    throw (RuntimeException) e;
                }
                List<Partition> all = new ArrayList<>(topic.partitions());
                all.addAll(added);
                topic.setPartitions(all);
                if (late) {
                    opener.openLogsInBackground(added, false);
                }
                LOG.info("Increased the partitions of topic {} from {} to {}", name, current, totalCount);
                return topic;
            });
        }
    }

    /**
     * Replaces a topic's configuration overrides (AlterConfigs): validated, persisted, then applied to the topic
     * and to every partition's live log (retention, segment settings, max.message.bytes, timestamp type, flush).
     *
     * @return the new configuration
     * @throws UnknownTopicException           if there is no such topic
     * @throws io.skiff.config.ConfigException if a key is unknown or a value invalid (nothing changes)
     * @throws UncheckedIOException            if the configuration cannot be persisted (nothing changes)
     */
    public TopicConfig alterTopicConfig(String name, Map<String, String> overrides) {
        NetworkThreads.checkMayBlock("Storing the configuration of topic " + name);
        Topic topic = topic(name).orElseThrow(() -> new UnknownTopicException("Topic " + name + " does not exist"));
        synchronized (adminLock) {
            TopicConfig next = TopicConfig.of(overrides, brokerConfig());
            return topic.whileOpen(() -> {
                try {
                    store.writeTopic(TopicMetadata.of(topic, topic.partitionCount(), next));
                } catch (IOException e) {
                    throw new UncheckedIOException(
                            "Cannot store the configuration of " + name + ": " + e.getMessage(), e);
                }
                topic.setConfig(next);
                LOG.info("Updated the configuration of topic {}: {}", name, next.overrides());
                return next;
            });
        }
    }

    /**
     * Deletes a topic and its files. Fetches waiting on it are released.
     *
     * @throws UnknownTopicException if there is no such topic
     */
    public void deleteTopic(String name) {
        NetworkThreads.checkMayBlock("Deleting topic " + name);
        Topic topic;
        CompletableFuture<Void> done = new CompletableFuture<>();
        synchronized (lock) {
            topic = byName.remove(name);
            if (topic == null) {
                throw new UnknownTopicException("This server does not host this topic-partition.");
            }
            byId.remove(topic.id());
            deleting.put(name, done);
        }
        try {
            store.deleteTopicFile(name);
            topic.closeExclusively(() -> {
                for (Partition p : topic.partitions()) {
                    TopicBuilder.closeQuietly(p, true);
                }
            });
            for (Partition p : topic.partitions()) {
                TopicMetadataStore.deleteRecursively(store.partitionDir(name, p.index()));
            }
            LOG.info("Deleted topic {}", name);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete the files of topic " + name + ": " + e.getMessage(), e);
        } finally {
            synchronized (lock) {
                deleting.remove(name);
                collisionKeys.remove(TopicNames.collisionKey(name));
            }
            done.complete(null);
        }
    }

    /** Stops housekeeping and closes every log (flushed, marked cleanly shut down). */
    @Override
    public void close() {
        List<Topic> all;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(byName.values());
        }
        if (housekeeper != null) {
            housekeeper.close();
        }
        opener.close();
        for (Topic t : all) {
            t.closeExclusively(() -> {
                for (Partition p : t.partitions()) {
                    TopicBuilder.closeQuietly(p, false);
                }
            });
        }
    }

    private void publishLocked(Topic topic) {
        synchronized (lock) {
            publish(topic);
        }
    }

    private void publish(Topic topic) {
        byName.put(topic.name(), topic);
        byId.put(topic.id(), topic);
        collisionKeys.put(TopicNames.collisionKey(topic.name()), topic.name());
    }

    private void checkNameFree(String name) {
        if (byName.containsKey(name) || creating.containsKey(name)) {
            throw new TopicExistsException("Topic '" + name + "' already exists.");
        }
        if (deleting.containsKey(name)) {
            throw new TopicExistsException("Topic '" + name + "' is marked for deletion.");
        }
        checkNoCollision(name);
    }

    private void checkNoCollision(String name) {
        String other = collisionKeys.get(TopicNames.collisionKey(name));
        if (other != null && !other.equals(name)) {
            throw new InvalidTopicException("Topic '" + name + "' collides with existing topic: " + other);
        }
    }

    private static void checkPartitions(int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("Number of partitions must be larger than 0, was " + partitions);
        }
    }
}
