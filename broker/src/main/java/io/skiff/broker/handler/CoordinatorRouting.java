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

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AddOffsetsToTxnRequest;
import io.skiff.protocol.message.AddPartitionsToTxnRequest;
import io.skiff.protocol.message.AddPartitionsToTxnResponse;
import io.skiff.protocol.message.AlterShareGroupOffsetsRequest;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupDescribeRequest;
import io.skiff.protocol.message.ConsumerGroupDescribeResponse;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.DeleteGroupsRequest;
import io.skiff.protocol.message.DeleteGroupsResponse;
import io.skiff.protocol.message.DeleteShareGroupOffsetsRequest;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.DescribeGroupsResponse;
import io.skiff.protocol.message.DescribeShareGroupOffsetsRequest;
import io.skiff.protocol.message.DescribeShareGroupOffsetsResponse;
import io.skiff.protocol.message.DescribeTransactionsRequest;
import io.skiff.protocol.message.DescribeTransactionsResponse;
import io.skiff.protocol.message.EndTxnRequest;
import io.skiff.protocol.message.HeartbeatRequest;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.ListGroupsResponse;
import io.skiff.protocol.message.ListTransactionsResponse;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetDeleteRequest;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.OffsetFetchResponse;
import io.skiff.protocol.message.ShareGroupDescribeRequest;
import io.skiff.protocol.message.ShareGroupDescribeResponse;
import io.skiff.protocol.message.ShareGroupHeartbeatRequest;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.StreamsGroupDescribeResponse;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import io.skiff.protocol.message.SyncGroupRequest;
import io.skiff.protocol.message.TxnOffsetCommitRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A simulated cluster's coordinator checks: a node serves the group and transaction APIs only for the groups and
 * transactional ids it coordinates (it leads their partition of {@code __consumer_offsets} /
 * {@code __transaction_state}), and answers NOT_COORDINATOR for the others where Kafka 4.4 puts it: the one error
 * of a single-key request, the entry of each foreign key of a batched one (which the node's handler never sees), and
 * ListGroups / ListTransactions list only the node's own, as each Kafka broker does. Installed only with more than one
 * node, so one node pays nothing.
 *
 * <p>Thread-safe as the handlers it wraps.
 */
public final class CoordinatorRouting {
    /** Group keys (FindCoordinator key type 0). */
    public static final byte GROUP = FindCoordinatorHandler.GROUP_KEY_TYPE;
    /** Transactional ids (FindCoordinator key type 1). */
    public static final byte TRANSACTION = FindCoordinatorHandler.TRANSACTION_KEY_TYPE;

    /** Whether the node coordinates a key. */
    @FunctionalInterface
    public interface Ownership {
        boolean owns(byte keyType, String key);
    }

    private CoordinatorRouting() {}

    /** Wraps the registered group and transaction handlers of one node. */
    public static void install(HandlerRegistry registry, Ownership node) {
        // Kafka checks the principal's rights before its coordinator answers NOT_COORDINATOR: a request another node
        // coordinates goes to the handler when those rights are missing, so it answers its authorization error
        BiPredicate<RequestContext, String> readGroup =
                (ctx, g) -> ctx.allowed(AclOperation.READ, ResourceType.GROUP, g);
        BiPredicate<RequestContext, String> deleteGroup =
                (ctx, g) -> ctx.allowed(AclOperation.DELETE, ResourceType.GROUP, g);
        BiPredicate<RequestContext, String> describeGroup =
                (ctx, g) -> ctx.allowed(AclOperation.DESCRIBE, ResourceType.GROUP, g);
        BiPredicate<RequestContext, String> writeTxn =
                (ctx, t) -> ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, t);
        single(registry, ApiKeys.JOIN_GROUP, node, GROUP, JoinGroupRequest::groupId, readGroup);
        single(registry, ApiKeys.SYNC_GROUP, node, GROUP, SyncGroupRequest::groupId, readGroup);
        single(registry, ApiKeys.HEARTBEAT, node, GROUP, HeartbeatRequest::groupId, readGroup);
        single(registry, ApiKeys.LEAVE_GROUP, node, GROUP, LeaveGroupRequest::groupId, readGroup);
        if (registry.handler(ApiKeys.OFFSET_COMMIT) instanceof OffsetCommitHandler commit) {
            // per partition after the group, topic and partition checks, as Kafka's coordinator answers
            registry.replace(ApiKeys.OFFSET_COMMIT, commit.onNode(group -> node.owns(GROUP, group)));
        } else {
            single(registry, ApiKeys.OFFSET_COMMIT, node, GROUP, OffsetCommitRequest::groupId, readGroup);
        }
        single(registry, ApiKeys.OFFSET_DELETE, node, GROUP, OffsetDeleteRequest::groupId, deleteGroup);
        single(
                registry,
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                node,
                GROUP,
                ConsumerGroupHeartbeatRequest::groupId,
                readGroup);
        single(registry, ApiKeys.SHARE_GROUP_HEARTBEAT, node, GROUP, ShareGroupHeartbeatRequest::groupId, readGroup);
        single(
                registry,
                ApiKeys.STREAMS_GROUP_HEARTBEAT,
                node,
                GROUP,
                StreamsGroupHeartbeatRequest::groupId,
                readGroup);
        single(
                registry,
                ApiKeys.ALTER_SHARE_GROUP_OFFSETS,
                node,
                GROUP,
                AlterShareGroupOffsetsRequest::groupId,
                readGroup);
        single(
                registry,
                ApiKeys.DELETE_SHARE_GROUP_OFFSETS,
                node,
                GROUP,
                DeleteShareGroupOffsetsRequest::groupId,
                deleteGroup);
        // TxnOffsetCommit is the group coordinator's (Kafka's client sends it there); the transactional id and the
        // group are checked first
        singleChecked(
                registry,
                ApiKeys.TXN_OFFSET_COMMIT,
                node,
                GROUP,
                TxnOffsetCommitRequest::groupId,
                (ctx, r) -> writeTxn.test(ctx, r.transactionalId()) && readGroup.test(ctx, r.groupId()));
        // without a transactional id any node hands out a producer id
        singleChecked(
                registry,
                ApiKeys.INIT_PRODUCER_ID,
                node,
                TRANSACTION,
                InitProducerIdRequest::transactionalId,
                (ctx, r) -> writeTxn.test(ctx, r.transactionalId()));
        singleChecked(
                registry,
                ApiKeys.ADD_OFFSETS_TO_TXN,
                node,
                TRANSACTION,
                AddOffsetsToTxnRequest::transactionalId,
                (ctx, r) -> writeTxn.test(ctx, r.transactionalId()) && readGroup.test(ctx, r.groupId()));
        singleChecked(
                registry,
                ApiKeys.END_TXN,
                node,
                TRANSACTION,
                EndTxnRequest::transactionalId,
                (ctx, r) -> writeTxn.test(ctx, r.transactionalId()));
        addPartitionsToTxn(registry, node, writeTxn);

        batch(
                registry,
                ApiKeys.DESCRIBE_GROUPS,
                node,
                GROUP,
                DescribeGroupsRequest::groups,
                DescribeGroupsRequest::setGroups,
                Function.identity(),
                DescribeGroupsResponse::groups,
                DescribeGroupsResponse::setGroups,
                describeGroup);
        batch(
                registry,
                ApiKeys.DELETE_GROUPS,
                node,
                GROUP,
                DeleteGroupsRequest::groupsNames,
                DeleteGroupsRequest::setGroupsNames,
                Function.identity(),
                DeleteGroupsResponse::results,
                DeleteGroupsResponse::setResults,
                deleteGroup);
        batch(
                registry,
                ApiKeys.CONSUMER_GROUP_DESCRIBE,
                node,
                GROUP,
                ConsumerGroupDescribeRequest::groupIds,
                ConsumerGroupDescribeRequest::setGroupIds,
                Function.identity(),
                ConsumerGroupDescribeResponse::groups,
                ConsumerGroupDescribeResponse::setGroups,
                describeGroup);
        batch(
                registry,
                ApiKeys.SHARE_GROUP_DESCRIBE,
                node,
                GROUP,
                ShareGroupDescribeRequest::groupIds,
                ShareGroupDescribeRequest::setGroupIds,
                Function.identity(),
                ShareGroupDescribeResponse::groups,
                ShareGroupDescribeResponse::setGroups,
                describeGroup);
        batch(
                registry,
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                node,
                GROUP,
                StreamsGroupDescribeRequest::groupIds,
                StreamsGroupDescribeRequest::setGroupIds,
                Function.identity(),
                StreamsGroupDescribeResponse::groups,
                StreamsGroupDescribeResponse::setGroups,
                describeGroup);
        batch(
                registry,
                ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS,
                node,
                GROUP,
                DescribeShareGroupOffsetsRequest::groups,
                DescribeShareGroupOffsetsRequest::setGroups,
                DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup::groupId,
                DescribeShareGroupOffsetsResponse::groups,
                DescribeShareGroupOffsetsResponse::setGroups,
                describeGroup);
        batch(
                registry,
                ApiKeys.DESCRIBE_TRANSACTIONS,
                node,
                TRANSACTION,
                DescribeTransactionsRequest::transactionalIds,
                DescribeTransactionsRequest::setTransactionalIds,
                Function.identity(),
                DescribeTransactionsResponse::transactionStates,
                DescribeTransactionsResponse::setTransactionStates,
                (ctx, t) -> ctx.allowed(AclOperation.DESCRIBE, ResourceType.TRANSACTIONAL_ID, t));
        offsetFetch(registry, node, describeGroup);

        listed(
                registry,
                ApiKeys.LIST_GROUPS,
                (ListGroupsResponse r) -> r.setGroups(new ArrayList<>(r.groups().stream()
                        .filter(g -> node.owns(GROUP, g.groupId()))
                        .toList())));
        listed(
                registry,
                ApiKeys.LIST_TRANSACTIONS,
                (ListTransactionsResponse r) -> r.setTransactionStates(new ArrayList<>(r.transactionStates().stream()
                        .filter(t -> node.owns(TRANSACTION, t.transactionalId()))
                        .toList())));
    }

    /** OffsetFetch: one group before v8 (its error), a batch of groups from v8. */
    private static void offsetFetch(
            HandlerRegistry registry, Ownership node, BiPredicate<RequestContext, String> access) {
        ApiHandler<OffsetFetchRequest, OffsetFetchResponse> batched = batched(
                handler(registry, ApiKeys.OFFSET_FETCH),
                node,
                GROUP,
                OffsetFetchRequest::groups,
                OffsetFetchRequest::setGroups,
                OffsetFetchRequest.OffsetFetchRequestGroup::groupId,
                OffsetFetchResponse::groups,
                OffsetFetchResponse::setGroups,
                access);
        wrap(registry, ApiKeys.OFFSET_FETCH, (Routed<OffsetFetchRequest, OffsetFetchResponse>)
                (handler, ctx, request) -> {
                    if (ctx.apiVersion() >= 8) {
                        return batched.handle(ctx, request);
                    }
                    return node.owns(GROUP, request.groupId()) || !access.test(ctx, request.groupId())
                            ? handler.handle(ctx, request)
                            : CompletableFuture.completedFuture(
                                    handler.errorResponse(ctx, request, Errors.NOT_COORDINATOR));
                });
    }

    /**
     * AddPartitionsToTxn: before v4 one transactional id (its error, after the id's and the topics' rights); from v4
     * the brokers' batch (KIP-890), sent with cluster rights: each transaction another node coordinates gets
     * NOT_COORDINATOR for its partitions, as Kafka's coordinator answers it.
     */
    private static void addPartitionsToTxn(
            HandlerRegistry registry, Ownership node, BiPredicate<RequestContext, String> writeTxn) {
        wrap(registry, ApiKeys.ADD_PARTITIONS_TO_TXN, (Routed<AddPartitionsToTxnRequest, AddPartitionsToTxnResponse>)
                (handler, ctx, request) -> {
                    if (ctx.apiVersion() < 4) {
                        String id = request.v3AndBelowTransactionalId();
                        boolean refused = !writeTxn.test(ctx, id)
                                || request.v3AndBelowTopics().stream()
                                        .anyMatch(t -> !ctx.allowed(AclOperation.WRITE, ResourceType.TOPIC, t.name()));
                        return node.owns(TRANSACTION, id) || refused
                                ? handler.handle(ctx, request)
                                : CompletableFuture.completedFuture(
                                        handler.errorResponse(ctx, request, Errors.NOT_COORDINATOR));
                    }
                    if (!ctx.clusterAllowed(AclOperation.CLUSTER_ACTION)) {
                        return handler.handle(ctx, request);
                    }
                    List<AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction> all = request.transactions();
                    List<AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction> mine = new ArrayList<>();
                    for (AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction t : all) {
                        if (node.owns(TRANSACTION, t.transactionalId())) {
                            mine.add(t);
                        }
                    }
                    if (mine.size() == all.size()) {
                        return handler.handle(ctx, request);
                    }
                    request.setTransactions(mine);
                    return handler.handle(ctx, request).thenApply(response -> {
                        if (response == null) {
                            return null;
                        }
                        Iterator<AddPartitionsToTxnResponse.AddPartitionsToTxnResult> served =
                                response.resultsByTransaction().iterator();
                        List<AddPartitionsToTxnResponse.AddPartitionsToTxnResult> merged = new ArrayList<>();
                        for (AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction t : all) {
                            merged.add(
                                    mine.contains(t) && served.hasNext()
                                            ? served.next()
                                            : AddPartitionsToTxnHandler.transactionError(t, Errors.NOT_COORDINATOR));
                        }
                        return response.setResultsByTransaction(merged);
                    });
                });
    }

    private interface Routed<Q extends ApiMessage, S extends ApiMessage> {
        CompletableFuture<S> handle(ApiHandler<Q, S> handler, RequestContext ctx, Q request);
    }

    @SuppressWarnings("unchecked")
    private static <Q extends ApiMessage, S extends ApiMessage> ApiHandler<Q, S> handler(
            HandlerRegistry registry, ApiKeys api) {
        return (ApiHandler<Q, S>) registry.handler(api);
    }

    private static <Q extends ApiMessage, S extends ApiMessage> void wrap(
            HandlerRegistry registry, ApiKeys api, Routed<Q, S> routed) {
        ApiHandler<Q, S> handler = handler(registry, api);
        if (handler != null) {
            registry.replace(api, new Gated<>(handler, routed));
        }
    }

    /**
     * A request for one key: NOT_COORDINATOR (the handler's error answer) unless the node owns it or the principal lacks
     * the rights {@code access} checks on the key (the handler then answers the authorization error); null: any node.
     */
    private static <Q extends ApiMessage, S extends ApiMessage> void single(
            HandlerRegistry registry,
            ApiKeys api,
            Ownership node,
            byte keyType,
            Function<Q, String> key,
            BiPredicate<RequestContext, String> access) {
        singleChecked(registry, api, node, keyType, key, (ctx, request) -> access.test(ctx, key.apply(request)));
    }

    /** As {@link #single}, the rights checked on the whole request. */
    private static <Q extends ApiMessage, S extends ApiMessage> void singleChecked(
            HandlerRegistry registry,
            ApiKeys api,
            Ownership node,
            byte keyType,
            Function<Q, String> key,
            BiPredicate<RequestContext, Q> access) {
        wrap(registry, api, (Routed<Q, S>) (handler, ctx, request) -> {
            String k = key.apply(request);
            return k == null || node.owns(keyType, k) || !access.test(ctx, request)
                    ? handler.handle(ctx, request)
                    : CompletableFuture.completedFuture(handler.errorResponse(ctx, request, Errors.NOT_COORDINATOR));
        });
    }

    private static <Q extends ApiMessage, S extends ApiMessage, R, E> void batch(
            HandlerRegistry registry,
            ApiKeys api,
            Ownership node,
            byte keyType,
            Function<Q, List<R>> entries,
            BiConsumer<Q, List<R>> setEntries,
            Function<R, String> keyOf,
            Function<S, List<E>> answers,
            BiConsumer<S, List<E>> setAnswers,
            BiPredicate<RequestContext, String> access) {
        ApiHandler<Q, S> handler = handler(registry, api);
        if (handler != null) {
            registry.replace(
                    api, batched(handler, node, keyType, entries, setEntries, keyOf, answers, setAnswers, access));
        }
    }

    /**
     * A batch of keys: the handler answers the node's own keys and those the principal may not use (its authorization
     * errors, checked first as Kafka does), its error answer gives the others' NOT_COORDINATOR
     * entries, merged back in the request's order (each handler answers one entry per key, in order).
     */
    private static <Q extends ApiMessage, S extends ApiMessage, R, E> ApiHandler<Q, S> batched(
            ApiHandler<Q, S> handler,
            Ownership node,
            byte keyType,
            Function<Q, List<R>> entries,
            BiConsumer<Q, List<R>> setEntries,
            Function<R, String> keyOf,
            Function<S, List<E>> answers,
            BiConsumer<S, List<E>> setAnswers,
            BiPredicate<RequestContext, String> access) {
        return new Gated<>(handler, (h, ctx, request) -> {
            List<R> all = entries.apply(request);
            List<Boolean> owned = new ArrayList<>(all.size());
            List<R> mine = new ArrayList<>();
            List<R> foreign = new ArrayList<>();
            for (R entry : all) {
                String key = keyOf.apply(entry);
                boolean own = node.owns(keyType, key) || !access.test(ctx, key); // the handler refuses those
                owned.add(own);
                (own ? mine : foreign).add(entry);
            }
            if (foreign.isEmpty()) {
                return h.handle(ctx, request);
            }
            // the error answer is built before the handler may keep the request for a later completion
            setEntries.accept(request, foreign);
            List<E> refused = answers.apply(h.errorResponse(ctx, request, Errors.NOT_COORDINATOR));
            setEntries.accept(request, mine);
            return h.handle(ctx, request).thenApply(response -> {
                if (response == null) {
                    return null;
                }
                List<E> served = answers.apply(response);
                if (served.size() != mine.size() || refused.size() != foreign.size()) {
                    List<E> merged = new ArrayList<>(served);
                    merged.addAll(refused);
                    setAnswers.accept(response, merged);
                    return response;
                }
                Iterator<E> ownAnswers = served.iterator();
                Iterator<E> otherAnswers = refused.iterator();
                List<E> merged = new ArrayList<>(owned.size());
                for (boolean own : owned) {
                    merged.add(own ? ownAnswers.next() : otherAnswers.next());
                }
                setAnswers.accept(response, merged);
                return response;
            });
        });
    }

    /** A listing: the node's own entries only. */
    private static <Q extends ApiMessage, S extends ApiMessage> void listed(
            HandlerRegistry registry, ApiKeys api, Consumer<S> keepOwn) {
        wrap(registry, api, (Routed<Q, S>) (handler, ctx, request) -> handler.handle(ctx, request)
                .thenApply(response -> {
                    if (response != null) {
                        keepOwn.accept(response);
                    }
                    return response;
                }));
    }

    /** A handler behind a coordinator check. */
    private static final class Gated<Q extends ApiMessage, S extends ApiMessage> implements ApiHandler<Q, S> {
        private final ApiHandler<Q, S> handler;
        private final Routed<Q, S> routed;

        Gated(ApiHandler<Q, S> handler, Routed<Q, S> routed) {
            this.handler = handler;
            this.routed = routed;
        }

        @Override
        public ApiKeys api() {
            return handler.api();
        }

        @Override
        public short minVersion() {
            return handler.minVersion();
        }

        @Override
        public short maxVersion() {
            return handler.maxVersion();
        }

        @Override
        public Execution execution() {
            return handler.execution();
        }

        @Override
        public boolean answersInjectedErrors() {
            return handler.answersInjectedErrors();
        }

        @Override
        public CompletableFuture<S> handle(RequestContext ctx, Q request) {
            return routed.handle(handler, ctx, request);
        }

        @Override
        public S errorResponse(RequestContext ctx, Q request, Errors error) {
            return handler.errorResponse(ctx, request, error);
        }

        @Override
        public String toString() {
            return handler + " on its coordinator";
        }
    }
}
