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

import io.skiff.broker.cluster.PartitionReplicas;
import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.ProduceResponse;
import io.skiff.record.RecordValidationException;
import io.skiff.record.UndecodableRecordsException;
import io.skiff.storage.AppendResult;
import io.skiff.storage.LogOfflineException;
import io.skiff.storage.producer.AppendOrigin;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Produce (key 0), advertised v0–13; v0–2 cannot be decoded and close the connection (the server does that),
 * but must be advertised for librdkafka to compress.
 *
 * <p>Behaviour, as Kafka's:
 * <ul>
 *   <li>acks must be 0, 1 or -1 (else INVALID_REQUIRED_ACKS on every existing partition). With a single replica, 1 and -1
 *       are the same: the answer is sent once the batch is in the log. acks=0 gets no response at all; if a
 *       partition failed, the connection is closed instead, which is how Kafka tells such a producer to refresh
 *       its metadata.</li>
 *   <li>Topics are named (v0–12) or identified by id (v13): an unknown name or partition gives
 *       UNKNOWN_TOPIC_OR_PARTITION, an unknown id UNKNOWN_TOPIC_ID. Internal topics cannot be written by clients
 *       (INVALID_TOPIC_EXCEPTION).</li>
 *   <li>Each partition's records must be exactly one v2 batch (INVALID_RECORD otherwise); zstd needs v7+
 *       (UNSUPPORTED_COMPRESSION_TYPE); up to v11 a transactional batch must be for a partition of its producer's
 *       open transaction (see {@link #verifyTransaction}); from v12, which transaction protocol version 2 clients
 *       send, the broker adds the partitions to the transaction itself before appending (see
 *       {@link ImplicitTransactionAdd}).</li>
 *   <li>The partition validates and appends (see {@link io.skiff.broker.topic.Partition#appendRecords}):
 *       MESSAGE_TOO_LARGE above max.message.bytes, CORRUPT_MESSAGE for a bad CRC or framing, INVALID_RECORD with an
 *       error_message for inconsistent content, INVALID_PRODUCER_EPOCH / OUT_OF_ORDER_SEQUENCE_NUMBER for
 *       idempotent producers; a retried batch gets its original base offset.</li>
 *   <li>A fault rule that names a topic or partition answers its error in the partitions it matches, which are not
 *       appended (nor added to a transaction); the others are appended as usual.</li>
 *   <li>log_append_time_ms is the broker time on LogAppendTime topics and -1 on CreateTime topics.</li>
 *   <li>With an authorizer: WRITE on the transactional id (else TRANSACTIONAL_ID_AUTHORIZATION_FAILED) and on each
 *       topic (else TOPIC_AUTHORIZATION_FAILED), checked before the topic is looked up, as Kafka.</li>
 *   <li>A {@code producer_byte_rate} quota counts the request's size once it is appended; the throttle time it earns
 *       is the answer's throttle_time_ms (and mutes the connection that long). An acks=0 request has no answer to
 *       carry it, so it is counted but not throttled.</li>
 * </ul>
 *
 * <p>Thread-safe (stateless apart from the registry).
 */
public final class ProduceHandler extends AbstractApiHandler<ProduceRequest, ProduceResponse> {
    private static final Logger LOG = LoggerFactory.getLogger(ProduceHandler.class);

    private final TopicRegistry topics;
    private final TransactionCoordinator transactions;
    private final ClientQuotas quotas;
    private final SimulatedCluster cluster; // null with one node
    private final int nodeId;

    /** @param transactions null in a broker without transactions (transactional batches get INVALID_TXN_STATE) */
    public ProduceHandler(TopicRegistry topics, TransactionCoordinator transactions) {
        this(topics, transactions, null);
    }

    /** @param quotas the client quotas whose produce byte rates it enforces; null: none */
    public ProduceHandler(TopicRegistry topics, TransactionCoordinator transactions, ClientQuotas quotas) {
        this(topics, transactions, quotas, null, -1);
    }

    /**
     * @param cluster the simulated cluster whose leaders and ISR it follows (null for one node)
     * @param nodeId  the node it answers as
     */
    public ProduceHandler(
            TopicRegistry topics,
            TransactionCoordinator transactions,
            ClientQuotas quotas,
            SimulatedCluster cluster,
            int nodeId) {
        super(ApiKeys.PRODUCE, 0, 13);
        this.topics = topics;
        this.transactions = transactions;
        this.quotas = quotas;
        this.cluster = cluster;
        this.nodeId = nodeId;
    }

    @Override
    public CompletableFuture<ProduceResponse> handle(RequestContext ctx, ProduceRequest request) {
        // The one walk over the records before storage: what the checks below and the append need of them.
        Map<ProduceRequest.PartitionProduceData, ProducedBatches> batches =
                ProducedBatches.of(request, ctx.apiVersion());
        ImplicitTransactionAdd add = transactions == null || request.transactionalId() == null
                ? null
                : ImplicitTransactionAdd.of(ctx, request, topics, batches);
        if (add == null) {
            return respond(ctx, request, batches, null);
        }
        if (add.partitions().isEmpty()) {
            return respond(ctx, request, batches, tp -> ImplicitTransactionAdd.produceError(Errors.NONE));
        }
        return transactions
                .addPartitionsForProduce(
                        request.transactionalId(), add.producerId(), add.producerEpoch(), add.partitions())
                .thenCompose(error -> respond(ctx, request, batches, tp -> add.outcomeFor(tp, error)));
    }

    /**
     * Appends the partitions and answers.
     *
     * @param added for a Produce v12+ of a transactional producer, the outcome of the broker's add of its partitions
     *              to the transaction, per partition (NONE, or the error the partition gets); null when the
     *              partitions are verified instead
     */
    private CompletableFuture<ProduceResponse> respond(
            RequestContext ctx,
            ProduceRequest request,
            Map<ProduceRequest.PartitionProduceData, ProducedBatches> batches,
            Function<TopicPartition, ImplicitTransactionAdd.Outcome> added) {
        short version = ctx.apiVersion();
        short acks = request.acks();
        boolean validAcks = acks == 0 || acks == 1 || acks == -1;
        boolean anyError = false;
        ProduceResponse response = new ProduceResponse();
        Set<Integer> leaderHints = cluster == null ? null : new TreeSet<>();
        boolean transactionDenied = request.transactionalId() != null
                && !ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactionalId());
        for (ProduceRequest.TopicProduceData td : request.topicData()) {
            ProduceResponse.TopicProduceResponse tr = new ProduceResponse.TopicProduceResponse()
                    .setName(td.name())
                    .setTopicId(td.topicId());
            Optional<Topic> topic = version >= 13 ? topics.topic(td.topicId()) : topics.topic(td.name());
            Errors topicError = version >= 13 ? Errors.UNKNOWN_TOPIC_ID : Errors.UNKNOWN_TOPIC_OR_PARTITION;
            String name = version >= 13 ? topic.map(Topic::name).orElse(null) : td.name();
            boolean writable = name == null || ctx.allowed(AclOperation.WRITE, ResourceType.TOPIC, name);
            for (ProduceRequest.PartitionProduceData pd : td.partitionData()) {
                ProduceResponse.PartitionProduceResponse pr;
                Errors injected = name == null ? null : ctx.injectedError(name, pd.index());
                // As Kafka: authorization first, then a topic or partition that does not exist, then the acks.
                if (injected != null) {
                    pr = error(pd.index(), injected, null); // a fault rule's: nothing is appended
                } else if (transactionDenied) {
                    pr = error(pd.index(), Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED, null);
                } else if (!writable) {
                    pr = error(pd.index(), Errors.TOPIC_AUTHORIZATION_FAILED, null);
                } else if (topic.isEmpty()) {
                    pr = error(pd.index(), topicError, null);
                } else if (!topic.get().hasPartition(pd.index())) {
                    pr = error(pd.index(), Errors.UNKNOWN_TOPIC_OR_PARTITION, null);
                } else if (!validAcks) {
                    pr = error(pd.index(), Errors.INVALID_REQUIRED_ACKS, null);
                } else if (cluster != null) {
                    pr = appendAsLeader(
                            topic.get(),
                            pd,
                            batches.get(pd),
                            version,
                            acks,
                            request.transactionalId(),
                            added,
                            leaderHints);
                } else {
                    pr = append(topic.get(), pd, batches.get(pd), version, request.transactionalId(), added);
                }
                anyError |= pr.errorCode() != Errors.NONE.code();
                tr.partitionResponses().add(pr);
            }
            response.responses().add(tr);
        }
        if (leaderHints != null && !leaderHints.isEmpty() && version >= 10) {
            for (int id : leaderHints) {
                cluster.endpoint(id, ctx.listenerName())
                        .ifPresent(e -> response.nodeEndpoints()
                                .add(new ProduceResponse.NodeEndpoint()
                                        .setNodeId(id)
                                        .setHost(e.host())
                                        .setPort(e.port())
                                        .setRack(cluster.rack(id))));
            }
        }
        if (quotas != null && quotas.produceQuotaEnabled()) {
            response.setThrottleTimeMs(quotas.recordProduce(ctx.principal().name(), ctx.clientId(), ctx.sizeInBytes()));
        }
        if (acks == 0) {
            if (anyError) {
                return CompletableFuture.failedFuture(new CloseConnectionException(
                        "acks=0 produce request failed on some partition: closing the connection so that the producer"
                                + " refreshes its metadata"));
            }
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.completedFuture(response);
    }

    private ProduceResponse.PartitionProduceResponse append(
            Topic topic,
            ProduceRequest.PartitionProduceData pd,
            ProducedBatches produced,
            short version,
            String transactionalId,
            Function<TopicPartition, ImplicitTransactionAdd.Outcome> added) {
        if (!topic.hasPartition(pd.index())) {
            return error(pd.index(), Errors.UNKNOWN_TOPIC_OR_PARTITION, null);
        }
        if (topic.isInternal()) {
            return error(pd.index(), Errors.INVALID_TOPIC_EXCEPTION, null);
        }
        if (produced == null) { // records that are not a buffer of batches
            return error(pd.index(), Errors.INVALID_RECORD, null);
        }
        try {
            if (produced.failure() != null) {
                throw produced.failure();
            }
            Errors invalid = produced.error();
            if (invalid == Errors.NONE && produced.transactional() && added != null) {
                ImplicitTransactionAdd.Outcome outcome = added.apply(new TopicPartition(topic.name(), pd.index()));
                if (outcome.error() != Errors.NONE) {
                    return error(pd.index(), outcome.error(), outcome.message());
                }
            } else if (invalid == Errors.NONE && produced.transactional()) {
                invalid = verifyTransaction(produced, transactionalId, topic, pd.index(), version);
            }
            if (invalid != Errors.NONE) {
                // Kafka's message for a partition its verification did not find in the transaction
                String message = invalid == Errors.INVALID_TXN_STATE && produced.transactional()
                        ? "Partition was not added to the transaction"
                        : null;
                return error(pd.index(), invalid, message);
            }
            AppendResult r = topic.partition(pd.index()).appendRecords(produced.buffer(), AppendOrigin.CLIENT);
            return new ProduceResponse.PartitionProduceResponse()
                    .setIndex(pd.index())
                    .setErrorCode(Errors.NONE.code())
                    .setBaseOffset(r.firstOffset())
                    .setLogAppendTimeMs(r.logAppendTime())
                    .setLogStartOffset(r.logStartOffset());
        } catch (RuntimeException e) {
            Errors error = DataErrors.of(e);
            // An offline log was logged once when it went offline; every later append fails the same way.
            if ((error == Errors.UNKNOWN_SERVER_ERROR && !(e instanceof UndecodableRecordsException))
                    || (error == Errors.KAFKA_STORAGE_ERROR && !(e instanceof LogOfflineException))) {
                LOG.warn("Append to {}-{} failed", topic.name(), pd.index(), e);
            } else {
                LOG.debug("Append to {}-{} rejected: {}", topic.name(), pd.index(), e.toString());
            }
            if (e instanceof RecordValidationException rve) {
                // As Kafka: only rule violations found per record carry a message and record_errors.
                ProduceResponse.PartitionProduceResponse r = error(pd.index(), error, rve.getMessage());
                for (RecordValidationException.RecordError re : rve.recordErrors()) {
                    r.recordErrors()
                            .add(new ProduceResponse.BatchIndexAndErrorMessage()
                                    .setBatchIndex(re.batchIndex())
                                    .setBatchIndexErrorMessage(re.message()));
                }
                return r;
            }
            return error(pd.index(), error, null);
        }
    }

    /**
     * A simulated cluster's append: only the leader appends (else NOT_LEADER_OR_FOLLOWER with the current leader,
     * KIP-951); acks=all needs min.insync.replicas in the ISR before the append (NOT_ENOUGH_REPLICAS) and after it
     * (NOT_ENOUGH_REPLICAS_AFTER_APPEND, the records then stay written), as Kafka's leader answers.
     */
    private ProduceResponse.PartitionProduceResponse appendAsLeader(
            Topic topic,
            ProduceRequest.PartitionProduceData pd,
            ProducedBatches produced,
            short version,
            short acks,
            String transactionalId,
            Function<TopicPartition, ImplicitTransactionAdd.Outcome> added,
            Set<Integer> leaderHints) {
        PartitionReplicas replicas = cluster.replicas(topic, pd.index());
        if (replicas.leader() != nodeId) {
            ProduceResponse.PartitionProduceResponse pr = error(pd.index(), Errors.NOT_LEADER_OR_FOLLOWER, null);
            if (version >= 10 && replicas.hasLeader()) {
                pr.setCurrentLeader(new ProduceResponse.LeaderIdAndEpoch()
                        .setLeaderId(replicas.leader())
                        .setLeaderEpoch(replicas.leaderEpoch()));
                leaderHints.add(replicas.leader());
            }
            return pr;
        }
        // As Kafka: min.insync.replicas never asks for more replicas than the partition has.
        int minIsr =
                Math.min(topic.config().minInsyncReplicas(), replicas.replicas().size());
        if (acks == -1 && replicas.isr().size() < minIsr && !topic.isInternal()) {
            return error(pd.index(), Errors.NOT_ENOUGH_REPLICAS, notEnough(topic, pd.index(), replicas, minIsr));
        }
        ProduceResponse.PartitionProduceResponse pr = append(topic, pd, produced, version, transactionalId, added);
        if (acks == -1 && pr.errorCode() == Errors.NONE.code()) {
            PartitionReplicas after = cluster.replicas(topic, pd.index());
            if (after.isr().size() < minIsr) {
                return error(
                        pd.index(),
                        Errors.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
                        notEnough(topic, pd.index(), after, minIsr));
            }
        }
        return pr;
    }

    private static String notEnough(Topic topic, int partition, PartitionReplicas replicas, int minIsr) {
        String isr = replicas.isr().stream().map(String::valueOf).collect(Collectors.joining(", ", "Set(", ")"));
        return "The size of the current ISR " + isr + " is insufficient to satisfy the min.isr requirement of " + minIsr
                + " for partition " + topic.name() + "-" + partition;
    }

    /**
     * Kafka's produce-side verification (KIP-890): a transactional batch is accepted only for a partition already in
     * its producer's open transaction. Otherwise INVALID_TXN_STATE, or TRANSACTION_ABORTABLE from v11, which clients
     * of that version abort on; another epoch is INVALID_PRODUCER_EPOCH, an unknown transactional or producer id
     * INVALID_PRODUCER_ID_MAPPING; a transaction being ended answers NOT_ENOUGH_REPLICAS, which the producer retries.
     * As in Kafka, a partition that already holds this producer's open transaction at this epoch is not verified.
     */
    private Errors verifyTransaction(
            ProducedBatches b, String transactionalId, Topic topic, int partition, short version) {
        if (ImplicitTransactionAdd.hasOngoingTransaction(topic, partition, b.producerId(), b.producerEpoch())) {
            return Errors.NONE;
        }
        Errors verified = transactions == null
                ? Errors.INVALID_TXN_STATE
                : transactions.verifyPartition(
                        transactionalId,
                        b.producerId(),
                        b.producerEpoch(),
                        new TopicPartition(topic.name(), partition));
        return switch (verified) {
            case NONE -> Errors.NONE;
            case INVALID_PRODUCER_EPOCH, INVALID_PRODUCER_ID_MAPPING -> verified;
            case CONCURRENT_TRANSACTIONS -> Errors.NOT_ENOUGH_REPLICAS;
            default -> version >= 11 ? Errors.TRANSACTION_ABORTABLE : Errors.INVALID_TXN_STATE;
        };
    }

    private static ProduceResponse.PartitionProduceResponse error(int index, Errors error, String message) {
        return new ProduceResponse.PartitionProduceResponse()
                .setIndex(index)
                .setErrorCode(error.code())
                .setBaseOffset(-1L)
                .setLogAppendTimeMs(-1L)
                .setLogStartOffset(-1L)
                .setErrorMessage(message);
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public ProduceResponse errorResponse(RequestContext ctx, ProduceRequest request, Errors error) {
        if (request.acks() == 0) {
            return null;
        }
        ProduceResponse response = new ProduceResponse();
        for (ProduceRequest.TopicProduceData td : request.topicData()) {
            ProduceResponse.TopicProduceResponse tr = new ProduceResponse.TopicProduceResponse()
                    .setName(td.name())
                    .setTopicId(td.topicId());
            for (ProduceRequest.PartitionProduceData pd : td.partitionData()) {
                tr.partitionResponses().add(error(pd.index(), error, null));
            }
            response.responses().add(tr);
        }
        return response;
    }
}
