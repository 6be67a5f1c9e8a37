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

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionVersion;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.TxnOffsetCommitRequest;
import io.skiff.protocol.message.TxnOffsetCommitResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;
import java.util.function.ToIntFunction;

/**
 * TxnOffsetCommit (key 28), v0–6: offsets committed inside a transaction. Up to v4 the group's {@code
 * __consumer_offsets} partition must be in the producer's open transaction (AddOffsetsToTxn first; INVALID_TXN_STATE
 * if not, TRANSACTION_ABORTABLE from v4, INVALID_PRODUCER_EPOCH for another epoch); v5 comes from transaction
 * protocol version 2 clients, which send no AddOffsetsToTxn: the broker adds the group to the transaction itself, as
 * Kafka does. A transactional id the coordinator does not know, or that belongs to another producer id, gets
 * INVALID_PRODUCER_ID_MAPPING, as from Kafka's transaction verification ({@link
 * TransactionCoordinator#verifyPartition}). v3+ also check the member id, instance id and generation as a commit of
 * a member does (KIP-447). Partitions of unknown topics get UNKNOWN_TOPIC_OR_PARTITION; v6 names topics by id, and
 * an id no topic has gets UNKNOWN_TOPIC_ID. The offsets are written at
 * once as the producer's transactional records and stay pending, invisible to OffsetFetch, until the transaction
 * ends. Thread-safe (stateless apart from the coordinators).
 */
public final class TxnOffsetCommitHandler extends AbstractApiHandler<TxnOffsetCommitRequest, TxnOffsetCommitResponse> {
    /** The version that names topics by id (KIP-1319). */
    private static final short TOPIC_IDS_VERSION = 6;
    /** The first version whose clients know STALE_MEMBER_EPOCH; older ones are told ILLEGAL_GENERATION, as Kafka does. */
    private static final short STALE_MEMBER_EPOCH_VERSION = 6;

    private final TransactionCoordinator transactions;
    private final GroupCoordinator groups;
    private final BiPredicate<String, Integer> partitionExists;
    private final TopicIds topicIds;

    public TxnOffsetCommitHandler(
            TransactionCoordinator transactions,
            GroupCoordinator groups,
            BiPredicate<String, Integer> partitionExists,
            TopicIds topicIds) {
        super(ApiKeys.TXN_OFFSET_COMMIT, 0, TOPIC_IDS_VERSION);
        this.transactions = transactions;
        this.groups = groups;
        this.partitionExists = partitionExists;
        this.topicIds = topicIds;
    }

    /**
     * Kafka's checks of offsets sent to a transaction (AddOffsetsToTxn, TxnOffsetCommit): WRITE on the transactional
     * id, then READ on the group; the error of the first that fails, or null.
     */
    static Errors offsetsToTxnDenied(RequestContext ctx, String transactionalId, String groupId) {
        if (!ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, transactionalId)) {
            return Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED;
        }
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, groupId)) {
            return Errors.GROUP_AUTHORIZATION_FAILED;
        }
        return null;
    }

    @Override
    public CompletableFuture<TxnOffsetCommitResponse> handle(RequestContext ctx, TxnOffsetCommitRequest request) {
        if (ctx.apiVersion() >= TOPIC_IDS_VERSION) {
            resolveTopicIds(request);
        }
        Errors denied = offsetsToTxnDenied(ctx, request.transactionalId(), request.groupId());
        if (denied != null) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, denied));
        }
        if (request.groupId() == null || request.groupId().isEmpty()) {
            return done(response(ctx, request, tp -> GroupError.INVALID_GROUP_ID.code()));
        }
        TopicPartition offsetsPartition = groups.offsetsPartition(request.groupId());
        if (TransactionVersion.txnOffsetCommitAddsGroup(ctx.apiVersion()) && anyCommittable(ctx, request)) {
            return transactions
                    .addPartitions(
                            request.transactionalId(),
                            request.producerId(),
                            request.producerEpoch(),
                            Set.of(offsetsPartition),
                            TransactionVersion.TV_2)
                    .thenCompose(added -> added == Errors.NONE
                            ? commit(ctx, request)
                            : done(response(
                                    ctx, request, tp -> addedGroupError(added).code())));
        }
        Errors verified = transactions.verifyPartition(
                request.transactionalId(), request.producerId(), request.producerEpoch(), offsetsPartition);
        if (verified != Errors.NONE) {
            short code = verificationError(ctx, verified).code();
            return done(response(ctx, request, tp -> code));
        }
        return commit(ctx, request);
    }

    /**
     * The answer to a TxnOffsetCommit v0-4 whose group's partition is not usable in the transaction, as Kafka's
     * verification answers: a group not in the transaction is INVALID_TXN_STATE, from v4 (clients that abort on it)
     * TRANSACTION_ABORTABLE; the other errors (an unknown producer, another epoch, a transaction ending) pass as they
     * are.
     */
    private static Errors verificationError(RequestContext ctx, Errors verified) {
        return verified == Errors.INVALID_TXN_STATE && ctx.apiVersion() >= 4 ? Errors.TRANSACTION_ABORTABLE : verified;
    }

    /**
     * The error of a TxnOffsetCommit v5+ whose group the coordinator did not add, as Kafka's broker translates the
     * coordinator's answer: a fenced producer is told INVALID_PRODUCER_EPOCH, the others pass as they are.
     */
    private static Errors addedGroupError(Errors added) {
        return added == Errors.PRODUCER_FENCED ? Errors.INVALID_PRODUCER_EPOCH : added;
    }

    /** v6: gives each topic named by id its name; an id no topic has leaves the name empty (UNKNOWN_TOPIC_ID). */
    private void resolveTopicIds(TxnOffsetCommitRequest request) {
        for (TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic t : request.topics()) {
            t.setName(topicIds.name(t.topicId()).orElse(""));
        }
    }

    /** Whether some partition is readable and exists (else Kafka answers without asking the coordinators). */
    private boolean anyCommittable(RequestContext ctx, TxnOffsetCommitRequest request) {
        for (TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic t : request.topics()) {
            for (TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition p : t.partitions()) {
                if (ctx.injectedError(t.name(), p.partitionIndex()) == null
                        && ctx.allowed(AclOperation.READ, ResourceType.TOPIC, t.name())
                        && partitionExists.test(t.name(), p.partitionIndex())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Commits the offsets of a request whose group is in the transaction. */
    private CompletableFuture<TxnOffsetCommitResponse> commit(RequestContext ctx, TxnOffsetCommitRequest request) {
        Map<TopicPartition, OffsetAndMetadata> toCommit = new LinkedHashMap<>();
        Map<TopicPartition, GroupError> unknown = new HashMap<>();
        for (TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic t : request.topics()) {
            for (TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition p : t.partitions()) {
                TopicPartition tp = new TopicPartition(t.name(), p.partitionIndex());
                if (ctx.injectedError(t.name(), p.partitionIndex()) != null) {
                    continue; // a fault rule's: not committed, answered by response()
                } else if (!ctx.allowed(AclOperation.READ, ResourceType.TOPIC, t.name())) {
                    unknown.put(tp, GroupError.TOPIC_AUTHORIZATION_FAILED);
                } else if (!partitionExists.test(t.name(), p.partitionIndex())) {
                    unknown.put(tp, GroupError.UNKNOWN_TOPIC_OR_PARTITION);
                } else {
                    String metadata = p.committedMetadata() == null ? "" : p.committedMetadata();
                    toCommit.put(
                            tp,
                            new OffsetAndMetadata(
                                    p.committedOffset(),
                                    p.committedLeaderEpoch(),
                                    metadata,
                                    -1L,
                                    OffsetAndMetadata.NO_EXPIRE_TIMESTAMP));
                }
            }
        }
        CompletableFuture<Map<TopicPartition, GroupError>> results = toCommit.isEmpty()
                ? CompletableFuture.completedFuture(Map.of())
                : groups.commitTransactionalOffsets(
                        request.groupId(),
                        request.producerId(),
                        request.producerEpoch(),
                        request.memberId(),
                        request.groupInstanceId(),
                        request.generationIdOrMemberEpoch(),
                        toCommit);
        return results.thenApply(committed -> {
            Map<TopicPartition, GroupError> all = new HashMap<>(unknown);
            committed.forEach((tp, error) -> all.put(
                    tp,
                    error == GroupError.STALE_MEMBER_EPOCH && ctx.apiVersion() < STALE_MEMBER_EPOCH_VERSION
                            ? GroupError.ILLEGAL_GENERATION
                            : error));
            return response(
                    ctx,
                    request,
                    tp -> all.getOrDefault(tp, GroupError.UNKNOWN_SERVER_ERROR).code());
        });
    }

    /**
     * At v6 a topic left without a name by {@link #resolveTopicIds} is an unknown id: refused before anything else,
     * it comes first in the answer, as in Kafka's.
     */
    private static TxnOffsetCommitResponse response(
            RequestContext ctx, TxnOffsetCommitRequest request, ToIntFunction<TopicPartition> code) {
        List<TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic> topics = new ArrayList<>();
        for (boolean unknownIdPass : new boolean[] {true, false}) {
            for (TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic t : request.topics()) {
                boolean unknownId =
                        ctx.apiVersion() >= TOPIC_IDS_VERSION && t.name().isEmpty();
                if (unknownId != unknownIdPass) {
                    continue;
                }
                List<TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition> partitions = new ArrayList<>();
                for (TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition p : t.partitions()) {
                    Errors injected = unknownId ? null : ctx.injectedError(t.name(), p.partitionIndex());
                    partitions.add(new TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition()
                            .setPartitionIndex(p.partitionIndex())
                            .setErrorCode(
                                    unknownId
                                            ? Errors.UNKNOWN_TOPIC_ID.code()
                                            : injected != null
                                                    ? injected.code()
                                                    : (short) code.applyAsInt(
                                                            new TopicPartition(t.name(), p.partitionIndex()))));
                }
                topics.add(new TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic()
                        .setName(t.name())
                        .setTopicId(t.topicId())
                        .setPartitions(partitions));
            }
        }
        return new TxnOffsetCommitResponse().setTopics(topics);
    }

    private static CompletableFuture<TxnOffsetCommitResponse> done(TxnOffsetCommitResponse r) {
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public TxnOffsetCommitResponse errorResponse(RequestContext ctx, TxnOffsetCommitRequest request, Errors error) {
        return response(ctx, request, tp -> error.code());
    }
}
