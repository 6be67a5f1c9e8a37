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
package io.skiff.broker.handler;

import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.broker.txn.TransactionVersion;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.storage.producer.ProducerStateEntry;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The partitions a Produce v12+ of a transactional producer adds to its transaction (transaction protocol version 2,
 * KIP-890): those with a transactional batch that the request may write (authorized, existing, not internal) and
 * where the producer's transaction at that epoch is not open yet, and the producer id and epoch of the batches. Kafka's broker adds them through its AddPartitionsToTxnManager before it
 * appends; the coordinator's answer becomes the produce error of every such partition, as Kafka translates it
 * ({@link #produceError}). Immutable, thread-safe.
 */
record ImplicitTransactionAdd(long producerId, short producerEpoch, Set<TopicPartition> partitions) {

    /** The produce error of the transactional partitions, with Kafka's message where it sets one. */
    record Outcome(Errors error, String message) {}

    /** The coordinator's answer, as the produce error of each partition this add included (NONE for the others). */
    Outcome outcomeFor(TopicPartition tp, Errors added) {
        return partitions.contains(tp) ? produceError(added) : produceError(Errors.NONE);
    }

    /** What a Produce v12+ adds (perhaps nothing), or null below v12 (its partitions are verified instead). */
    static ImplicitTransactionAdd of(
            RequestContext ctx,
            ProduceRequest request,
            TopicRegistry topics,
            Map<ProduceRequest.PartitionProduceData, ProducedBatches> batches) {
        short version = ctx.apiVersion();
        if (!TransactionVersion.produceAddsPartitions(version)
                || !ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactionalId())) {
            return null;
        }
        Set<TopicPartition> partitions = new LinkedHashSet<>();
        long producerId = -1L;
        short producerEpoch = -1;
        for (ProduceRequest.TopicProduceData td : request.topicData()) {
            Optional<Topic> topic = version >= 13 ? topics.topic(td.topicId()) : topics.topic(td.name());
            if (topic.isEmpty()
                    || topic.get().isInternal()
                    || !ctx.allowed(
                            AclOperation.WRITE, ResourceType.TOPIC, topic.get().name())) {
                continue;
            }
            for (ProduceRequest.PartitionProduceData pd : td.partitionData()) {
                ProducedBatches b = batches.get(pd);
                if (!topic.get().hasPartition(pd.index())
                        || ctx.injectedError(topic.get().name(), pd.index()) != null
                        || b == null) {
                    continue;
                }
                if (b.failure() != null && !b.firstReadable()) {
                    throw b.failure(); // its first batch is cut short
                }
                if (b.transactional()
                        && !hasOngoingTransaction(topic.get(), pd.index(), b.producerId(), b.producerEpoch())) {
                    partitions.add(new TopicPartition(topic.get().name(), pd.index()));
                    producerId = b.producerId();
                    producerEpoch = b.producerEpoch();
                }
            }
        }
        return new ImplicitTransactionAdd(producerId, producerEpoch, partitions);
    }

    /**
     * Kafka's shortcut (UnifiedLog.maybeStartTransactionVerification): a partition where this producer's
     * transaction at this epoch is already open needs no add, whatever transactional id the request names.
     */
    static boolean hasOngoingTransaction(Topic topic, int partition, long producerId, short epoch) {
        return topic.partition(partition)
                .log()
                .producerState(producerId)
                .map(e -> e.currentTxnFirstOffset() != ProducerStateEntry.NO_OFFSET && e.epoch() == epoch)
                .orElse(false);
    }

    /**
     * Kafka's translation of the coordinator's answer (AddPartitionsToTxnManager, then ReplicaManager): a fenced
     * producer gets INVALID_PRODUCER_EPOCH, a refused partition INVALID_TXN_STATE with Kafka's message, an
     * unavailable coordinator NOT_ENOUGH_REPLICAS (which every producer retries), CONCURRENT_TRANSACTIONS (after the
     * broker's own retries) and the rest stay as they are.
     */
    static Outcome produceError(Errors added) {
        return switch (added) {
            case NONE -> new Outcome(Errors.NONE, null);
            case PRODUCER_FENCED -> new Outcome(Errors.INVALID_PRODUCER_EPOCH, null);
            case INVALID_TXN_STATE ->
                new Outcome(Errors.INVALID_TXN_STATE, "Partition was not added to the transaction");
            case COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR, COORDINATOR_LOAD_IN_PROGRESS, NETWORK_EXCEPTION ->
                new Outcome(
                        Errors.NOT_ENOUGH_REPLICAS,
                        "Unable to verify the partition has been added to the transaction. Underlying error: "
                                + added.name());
            default -> new Outcome(added, null);
        };
    }
}
