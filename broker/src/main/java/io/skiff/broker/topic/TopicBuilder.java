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

import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.TopicConfig;
import io.skiff.storage.FileChannelFactory;
import io.skiff.storage.Log;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds topics and partitions over their logs for {@link TopicRegistry}: every log opened (recovered or created)
 * before the topic is published, or, for large creations and large data directories ({@link #opensLogsLate}), the
 * partitions first and their logs later ({@link PartitionOpener}). It checks that a recovered partition directory
 * belongs to its topic and writes {@code partition.metadata}; the registry decides what to build and publishes it.
 *
 * <p>Thread-safe: holds no mutable state of its own (the opener is thread-safe).
 */
final class TopicBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(TopicBuilder.class);

    private final BrokerConfig config;
    private final Clock clock;
    private final TopicMetadataStore store;
    private final FileChannelFactory files;
    private final PartitionOpener opener;
    private final AtomicReference<PartitionGate> gate;

    TopicBuilder(
            BrokerConfig config,
            Clock clock,
            TopicMetadataStore store,
            FileChannelFactory files,
            PartitionOpener opener,
            AtomicReference<PartitionGate> gate) {
        this.config = config;
        this.gate = gate;
        this.clock = clock;
        this.store = store;
        this.files = files;
        this.opener = opener;
    }

    /** Creates the logs of a topic's new partitions {@code from..to-1}, several at once; on failure none is left. */
    List<Partition> openNew(Topic topic, int from, int to) throws IOException {
        return opener.openAll(from, to, i -> openPartition(topic, i, topic.config(), true), p -> closeQuietly(p, true));
    }

    /**
     * Opens (recovery) or creates every partition of a topic, several at once (see {@link PartitionOpener}); on
     * failure, closes what was opened.
     */
    Topic build(TopicMetadata meta, TopicConfig topicConfig, boolean fresh) throws IOException {
        Topic topic = new Topic(meta.name(), meta.id(), meta.internal(), topicConfig, gate::get);
        List<Partition> partitions = opener.openAll(
                0,
                meta.partitionCount(),
                i -> openPartition(topic, i, topicConfig, fresh),
                p -> closeQuietly(p, fresh));
        topic.setPartitions(partitions);
        return topic;
    }

    /**
     * A topic whose partitions open their logs later ({@link #opensLogsLate}): created ({@code fresh}) or recovered
     * at start. For a new topic, what a topic creation or deletion that did not complete left in its partitions'
     * directories is removed now, before the topic exists.
     */
    Topic buildUnopened(TopicMetadata meta, TopicConfig topicConfig, boolean fresh) throws IOException {
        Topic topic = new Topic(meta.name(), meta.id(), meta.internal(), topicConfig, gate::get);
        topic.setPartitions(unopened(topic, 0, meta.partitionCount(), fresh));
        return topic;
    }

    List<Partition> unopened(Topic topic, int from, int to, boolean fresh) throws IOException {
        List<Partition> partitions = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            if (fresh) {
                removeLeftovers(store.partitionDir(topic.name(), i));
            }
            int index = i;
            partitions.add(new Partition(topic, index, () -> openLog(topic, index, fresh)));
        }
        return partitions;
    }

    private Partition openPartition(Topic topic, int index, TopicConfig topicConfig, boolean fresh) throws IOException {
        return new Partition(topic, index, openLog(topic, index, topicConfig, fresh));
    }

    /** The log of a partition published before it ({@link #opensLogsLate}), with the topic's current config. */
    private Log openLog(Topic topic, int index, boolean fresh) throws IOException {
        return openLog(topic, index, topic.config(), fresh);
    }

    private static void removeLeftovers(Path dir) throws IOException {
        if (Files.exists(dir)) {
            LOG.warn("Replacing {}, left by a topic creation or deletion that did not complete", dir.getFileName());
            TopicMetadataStore.deleteRecursively(dir);
        }
    }

    /** Creates ({@code fresh}) or recovers a partition's log. */
    private Log openLog(Topic topic, int index, TopicConfig topicConfig, boolean fresh) throws IOException {
        Path dir = store.partitionDir(topic.name(), index);
        boolean writeMetadata = fresh;
        if (fresh) {
            removeLeftovers(dir);
        } else {
            UUID stored = store.readPartitionTopicId(dir);
            if (stored == null) {
                writeMetadata = true;
            } else if (!stored.equals(topic.id())) {
                throw new IOException("Partition directory " + dir + " belongs to topic id " + TopicIds.toBase64(stored)
                        + ", but topic " + topic.name() + " has id " + TopicIds.toBase64(topic.id()));
            }
        }
        // The log creates the directory; partition.metadata goes in after it (a directory without one is never a
        // live topic's until the topic's properties file exists, and a missing one is rewritten at the next start).
        Log log = Log.open(dir, LogConfigs.of(topicConfig), clock, null, files);
        try {
            if (writeMetadata) {
                store.writePartitionMetadata(dir, topic.id());
            }
            log.removeExpiredProducers(config.get(BrokerConfigKeys.PRODUCER_ID_EXPIRATION_MS));
        } catch (IOException | RuntimeException e) {
            try {
                if (fresh) {
                    log.closeAndDelete();
                } else {
                    log.close();
                }
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return log;
    }

    /**
     * Whether a creation of this many partitions publishes them before their logs exist. Creating a partition's log
     * creates its directory, its first segment and its {@code partition.metadata}; each file creation is about
     * 0.5–1 ms of kernel time on the 2-core benchmark machine (ext4's inode allocation), several seconds for a
     * topic of 1,000 partitions. Kafka answers CreateTopics once its controller has recorded the topic and creates
     * the logs afterwards; so does Skiff for large creations: the topic's properties file is forced (the durable
     * record that the topic exists, with its id and partition count), the topic is published and answered, and its
     * logs are opened in the background and by first use, whichever comes first. A crash before they are all
     * opened loses nothing: no record was acknowledged on a partition whose log did not exist, and the next start
     * creates the missing ones from the properties file. Smaller creations open every log first.
     */
    static boolean opensLogsLate(int newPartitions) {
        return newPartitions >= LATE_OPEN_FROM;
    }

    /** Creations of at least this many partitions publish them before their logs exist ({@link #opensLogsLate}). */
    static final int LATE_OPEN_FROM = 100;

    /** Closes a topic whose creation failed and removes the partition directories it wrote. */
    void discard(Topic topic) {
        topic.closeExclusively(() -> {
            for (Partition p : topic.partitions()) {
                closeQuietly(p, true);
            }
        });
        for (int i = 0; i < topic.partitionCount(); i++) {
            try {
                TopicMetadataStore.deleteRecursively(store.partitionDir(topic.name(), i));
            } catch (IOException e) {
                LOG.warn(
                        "Cannot remove {} of a failed topic creation: {}",
                        store.partitionDir(topic.name(), i),
                        e.toString());
            }
        }
    }

    /** Closes a partition's log (deleting its files when {@code delete}), logging rather than throwing. */
    static void closeQuietly(Partition p, boolean delete) {
        try {
            p.close(delete);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Error closing {}: {}", p.name(), e.toString());
        }
    }
}
