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

import io.skiff.config.TopicConfig;
import io.skiff.storage.LogConfig;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * A topic: its name, id, configuration and partitions.
 *
 * <p>Thread-safe. A read/write lock guards the topic's lifecycle (one lock per topic): appends and reads take
 * the read lock, so they run concurrently with each other; deletion and close take the write lock, so they wait for
 * operations in progress and every later operation sees {@link UnknownTopicException}.
 */
public final class Topic {
    private final String name;
    private final UUID id;
    private final boolean internal;
    private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private volatile TopicConfig config;
    private volatile List<Partition> partitions = List.of();
    private boolean closed; // guarded by lifecycle
    private final Supplier<PartitionGate> gate;

    Topic(String name, UUID id, boolean internal, TopicConfig config) {
        this(name, id, internal, config, () -> PartitionGate.OPEN);
    }

    Topic(String name, UUID id, boolean internal, TopicConfig config, Supplier<PartitionGate> gate) {
        this.name = name;
        this.id = id;
        this.internal = internal;
        this.config = config;
        this.gate = gate;
    }

    /** What its partitions consult before appends and reads (storage faults of tests). */
    PartitionGate gate() {
        return gate.get();
    }

    void setPartitions(List<Partition> partitions) {
        this.partitions = List.copyOf(partitions);
    }

    public String name() {
        return name;
    }

    public UUID id() {
        return id;
    }

    /** True for Kafka's internal topics such as {@code __consumer_offsets}. */
    public boolean isInternal() {
        return internal;
    }

    public TopicConfig config() {
        return config;
    }

    /**
     * Replaces the configuration and applies it to every partition's live log (retention, segment settings,
     * max.message.bytes, timestamp type, flush); the registry persists it first (AlterConfigs).
     */
    void setConfig(TopicConfig config) {
        this.config = config;
        LogConfig logConfig = LogConfigs.of(config);
        for (Partition p : partitions()) {
            p.applyLogConfig(logConfig);
        }
    }

    public int partitionCount() {
        return partitions.size();
    }

    /** @throws UnknownTopicException if {@code index} is not a partition of this topic */
    public Partition partition(int index) {
        List<Partition> ps = partitions;
        if (index < 0 || index >= ps.size()) {
            throw new UnknownTopicException("Partition " + name + "-" + index + " does not exist");
        }
        return ps.get(index);
    }

    /** True when {@code index} is a partition of this topic. */
    public boolean hasPartition(int index) {
        return index >= 0 && index < partitions.size();
    }

    public List<Partition> partitions() {
        return partitions;
    }

    /**
     * Runs {@code action} while the topic cannot be deleted or closed.
     *
     * @throws UnknownTopicException if the topic has been deleted or closed
     */
    <T> T whileOpen(Supplier<T> action) {
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new UnknownTopicException("Topic " + name + " has been deleted");
            }
            return action.get();
        } finally {
            lifecycle.readLock().unlock();
        }
    }

    /**
     * Marks the topic closed once no operation is in progress, then runs {@code action} (still exclusively).
     *
     * @return false if it was closed already (nothing run)
     */
    boolean closeExclusively(Runnable action) {
        lifecycle.writeLock().lock();
        try {
            if (closed) {
                return false;
            }
            closed = true;
            action.run();
            return true;
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    @Override
    public String toString() {
        return "Topic(" + name + ", " + TopicIds.toBase64(id) + ", " + partitions.size() + " partitions)";
    }
}
