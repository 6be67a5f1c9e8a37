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

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AddOffsetsToTxnRequest;
import io.skiff.protocol.message.AddPartitionsToTxnRequest;
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
        single(registry, ApiKeys.JOIN_GROUP, node, GROUP, JoinGroupRequest::groupId);
        single(registry, ApiKeys.SYNC_GROUP, node, GROUP, SyncGroupRequest::groupId);
        single(registry, ApiKeys.HEARTBEAT, node, GROUP, HeartbeatRequest::groupId);
        single(registry, ApiKeys.LEAVE_GROUP, node, GROUP, LeaveGroupRequest::groupId);
        single(registry, ApiKeys.OFFSET_COMMIT, node, GROUP, OffsetCommitRequest::groupId);
        single(registry, ApiKeys.OFFSET_DELETE, node, GROUP, OffsetDeleteRequest::groupId);
        single(registry, ApiKeys.CONSUMER_GROUP_HEARTBEAT, node, GROUP, ConsumerGroupHeartbeatRequest::groupId);
        single(registry, ApiKeys.SHARE_GROUP_HEARTBEAT, node, GROUP, ShareGroupHeartbeatRequest::groupId);
        single(registry, ApiKeys.STREAMS_GROUP_HEARTBEAT, node, GROUP, StreamsGroupHeartbeatRequest::groupId);
        single(registry, ApiKeys.ALTER_SHARE_GROUP_OFFSETS, node, GROUP, AlterShareGroupOffsetsRequest::groupId);
        single(registry, ApiKeys.DELETE_SHARE_GROUP_OFFSETS, node, GROUP, DeleteShareGroupOffsetsRequest::groupId);
        // TxnOffsetCommit is the group coordinator's (Kafka's client sends it there)
        single(registry, ApiKeys.TXN_OFFSET_COMMIT, node, GROUP, TxnOffsetCommitRequest::groupId);
        // without a transactional id any node hands out a producer id
        single(registry, ApiKeys.INIT_PRODUCER_ID, node, TRANSACTION, InitProducerIdRequest::transactionalId);
        single(registry, ApiKeys.ADD_OFFSETS_TO_TXN, node, TRANSACTION, AddOffsetsToTxnRequest::transactionalId);
        single(registry, ApiKeys.END_TXN, node, TRANSACTION, EndTxnRequest::transactionalId);
        // v4+ batches transactions for brokers' verification: served as one request (see docs/simulated-nodes.md)
        single(
                registry,
                ApiKeys.ADD_PARTITIONS_TO_TXN,
                node,
                TRANSACTION,
                (AddPartitionsToTxnRequest r) -> r.v3AndBelowTransactionalId().isEmpty()
                                && !r.transactions().isEmpty()
                        ? null
                        : r.v3AndBelowTransactionalId());

        batch(
                registry,
                ApiKeys.DESCRIBE_GROUPS,
                node,
                GROUP,
                DescribeGroupsRequest::groups,
                DescribeGroupsRequest::setGroups,
                Function.identity(),
                DescribeGroupsResponse::groups,
                DescribeGroupsResponse::setGroups);
        batch(
                registry,
                ApiKeys.DELETE_GROUPS,
                node,
                GROUP,
                DeleteGroupsRequest::groupsNames,
                DeleteGroupsRequest::setGroupsNames,
                Function.identity(),
                DeleteGroupsResponse::results,
                DeleteGroupsResponse::setResults);
        batch(
                registry,
                ApiKeys.CONSUMER_GROUP_DESCRIBE,
                node,
                GROUP,
                ConsumerGroupDescribeRequest::groupIds,
                ConsumerGroupDescribeRequest::setGroupIds,
                Function.identity(),
                ConsumerGroupDescribeResponse::groups,
                ConsumerGroupDescribeResponse::setGroups);
        batch(
                registry,
                ApiKeys.SHARE_GROUP_DESCRIBE,
                node,
                GROUP,
                ShareGroupDescribeRequest::groupIds,
                ShareGroupDescribeRequest::setGroupIds,
                Function.identity(),
                ShareGroupDescribeResponse::groups,
                ShareGroupDescribeResponse::setGroups);
        batch(
                registry,
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                node,
                GROUP,
                StreamsGroupDescribeRequest::groupIds,
                StreamsGroupDescribeRequest::setGroupIds,
                Function.identity(),
                StreamsGroupDescribeResponse::groups,
                StreamsGroupDescribeResponse::setGroups);
        batch(
                registry,
                ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS,
                node,
                GROUP,
                DescribeShareGroupOffsetsRequest::groups,
                DescribeShareGroupOffsetsRequest::setGroups,
                DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup::groupId,
                DescribeShareGroupOffsetsResponse::groups,
                DescribeShareGroupOffsetsResponse::setGroups);
        batch(
                registry,
                ApiKeys.DESCRIBE_TRANSACTIONS,
                node,
                TRANSACTION,
                DescribeTransactionsRequest::transactionalIds,
                DescribeTransactionsRequest::setTransactionalIds,
                Function.identity(),
                DescribeTransactionsResponse::transactionStates,
                DescribeTransactionsResponse::setTransactionStates);
        offsetFetch(registry, node);

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
    private static void offsetFetch(HandlerRegistry registry, Ownership node) {
        ApiHandler<OffsetFetchRequest, OffsetFetchResponse> batched = batched(
                handler(registry, ApiKeys.OFFSET_FETCH),
                node,
                GROUP,
                OffsetFetchRequest::groups,
                OffsetFetchRequest::setGroups,
                OffsetFetchRequest.OffsetFetchRequestGroup::groupId,
                OffsetFetchResponse::groups,
                OffsetFetchResponse::setGroups);
        wrap(registry, ApiKeys.OFFSET_FETCH, (Routed<OffsetFetchRequest, OffsetFetchResponse>)
                (handler, ctx, request) -> {
                    if (ctx.apiVersion() >= 8) {
                        return batched.handle(ctx, request);
                    }
                    return node.owns(GROUP, request.groupId())
                            ? handler.handle(ctx, request)
                            : CompletableFuture.completedFuture(
                                    handler.errorResponse(ctx, request, Errors.NOT_COORDINATOR));
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

    /** A request for one key: NOT_COORDINATOR (the handler's error answer) unless the node owns it; null: any node. */
    private static <Q extends ApiMessage, S extends ApiMessage> void single(
            HandlerRegistry registry, ApiKeys api, Ownership node, byte keyType, Function<Q, String> key) {
        wrap(registry, api, (Routed<Q, S>) (handler, ctx, request) -> {
            String k = key.apply(request);
            return k == null || node.owns(keyType, k)
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
            BiConsumer<S, List<E>> setAnswers) {
        ApiHandler<Q, S> handler = handler(registry, api);
        if (handler != null) {
            registry.replace(api, batched(handler, node, keyType, entries, setEntries, keyOf, answers, setAnswers));
        }
    }

    /**
     * A batch of keys: the handler answers the node's own keys, its error answer gives the others' NOT_COORDINATOR
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
            BiConsumer<S, List<E>> setAnswers) {
        return new Gated<>(handler, (h, ctx, request) -> {
            List<R> all = entries.apply(request);
            List<Boolean> owned = new ArrayList<>(all.size());
            List<R> mine = new ArrayList<>();
            List<R> foreign = new ArrayList<>();
            for (R entry : all) {
                boolean own = node.owns(keyType, keyOf.apply(entry));
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
