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
package io.skiff.broker.txn;

import io.skiff.broker.group.ConsumerOffsetsLog;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.broker.topic.UnknownTopicException;
import io.skiff.record.ControlRecords;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.storage.producer.ProducerAppendInfo;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link TransactionMarkers} on this broker's own partitions: a control batch with one COMMIT or ABORT marker is
 * appended to each partition through the normal append path (as the coordinator, so the log checks only the
 * epoch). On a {@code __consumer_offsets} partition the marker decides the transaction's offsets, which the group
 * coordinator wrote there as the producer's transactional records; then the group coordinator commits or drops
 * them in memory. A partition whose topic was deleted needs no marker.
 *
 * <p>Thread-safe (stateless apart from its thread-safe collaborators).
 */
public final class PartitionMarkers implements TransactionMarkers {
    private static final Logger LOG = LoggerFactory.getLogger(PartitionMarkers.class);

    /** The group coordinator's side of a transaction's end. */
    @FunctionalInterface
    public interface OffsetsCompletion {
        /** Commits (or drops) the offsets {@code producerId} committed in its transaction to groups on the partition. */
        void complete(long producerId, int offsetsPartition, boolean commit);
    }

    private final TopicRegistry topics;
    private final OffsetsCompletion offsets;
    private final Clock clock;

    public PartitionMarkers(TopicRegistry topics, OffsetsCompletion offsets, Clock clock) {
        this.topics = topics;
        this.offsets = offsets;
        this.clock = clock;
    }

    @Override
    public CompletableFuture<Void> write(
            long producerId,
            short producerEpoch,
            boolean commit,
            Set<TopicPartition> partitions,
            int coordinatorEpoch,
            int transactionVersion) {
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            try {
                pending.add(writeOne(producerId, producerEpoch, commit, tp, coordinatorEpoch, transactionVersion));
            } catch (UnknownTopicException deleted) {
                LOG.debug("No {} marker for {}: the partition no longer exists", commit ? "COMMIT" : "ABORT", tp);
            } catch (RuntimeException e) {
                pending.add(CompletableFuture.failedFuture(e));
            }
        }
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
    }

    /**
     * Writes the marker of one partition (WriteTxnMarkers uses this directly).
     *
     * @throws UnknownTopicException if the partition does not exist
     * @throws RuntimeException      as {@link io.skiff.broker.topic.Partition#appendRecords} throws (a stale epoch,
     *                               a storage failure)
     */
    public CompletableFuture<Void> writeOne(
            long producerId, short producerEpoch, boolean commit, TopicPartition tp, int coordinatorEpoch) {
        return writeOne(
                producerId, producerEpoch, commit, tp, coordinatorEpoch, ProducerAppendInfo.LEGACY_TRANSACTION_VERSION);
    }

    /**
     * As {@link #writeOne(long, short, boolean, TopicPartition, int)}, for the coordinator of a client with
     * {@code transactionVersion} (2: the partition checks that the marker's epoch was bumped).
     */
    public CompletableFuture<Void> writeOne(
            long producerId,
            short producerEpoch,
            boolean commit,
            TopicPartition tp,
            int coordinatorEpoch,
            int transactionVersion) {
        boolean groupOffsets = tp.topic().equals(ConsumerOffsetsLog.TOPIC);
        Optional<Topic> topic = topics.topic(tp.topic());
        if (topic.isPresent() && topic.get().hasPartition(tp.partition())) {
            topic.get()
                    .partition(tp.partition())
                    .appendRecords(
                            ControlRecords.endTransactionMarker(
                                    0L, clock.millis(), producerId, producerEpoch, commit, coordinatorEpoch),
                            AppendOrigin.COORDINATOR,
                            transactionVersion);
        } else if (!groupOffsets) {
            throw new UnknownTopicException(tp.topic());
        } // else no group wrote anything yet, so no offset of this transaction is in the log either
        if (groupOffsets) {
            // The marker decides the transaction's offsets in the log (at a restart too); now the groups apply it.
            offsets.complete(producerId, tp.partition(), commit);
        }
        return CompletableFuture.completedFuture(null);
    }
}
