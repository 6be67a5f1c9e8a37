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

import static io.skiff.broker.handler.CoordinatorRouting.GROUP;
import static io.skiff.broker.handler.CoordinatorRouting.TRANSACTION;

import io.skiff.broker.handler.CoordinatorRouting.Ownership;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AddPartitionsToTxnRequest;
import io.skiff.protocol.message.AddPartitionsToTxnResponse;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupDescribeRequest;
import io.skiff.protocol.message.ConsumerGroupDescribeResponse;
import io.skiff.protocol.message.DeleteGroupsRequest;
import io.skiff.protocol.message.DeleteGroupsResponse;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.DescribeGroupsResponse;
import io.skiff.protocol.message.DescribeShareGroupOffsetsRequest;
import io.skiff.protocol.message.DescribeShareGroupOffsetsResponse;
import io.skiff.protocol.message.DescribeTransactionsRequest;
import io.skiff.protocol.message.DescribeTransactionsResponse;
import io.skiff.protocol.message.ListGroupsResponse;
import io.skiff.protocol.message.ListTransactionsResponse;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.OffsetFetchResponse;
import io.skiff.protocol.message.ShareGroupDescribeRequest;
import io.skiff.protocol.message.ShareGroupDescribeResponse;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.StreamsGroupDescribeResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The coordinator check of the requests for many groups or transactional ids: the node's handler sees only the keys
 * the node coordinates (and those the principal may not use, whose authorization errors it answers, checked first as
 * Kafka does); each other key gets its NOT_COORDINATOR entry where Kafka 4.4 puts it, merged back in the request's
 * order. ListGroups and ListTransactions list only the node's own, as each Kafka broker does.
 *
 * <p>Thread-safe as the handlers it wraps.
 */
final class BatchedKeyRouting {
    private BatchedKeyRouting() {}

    static void install(HandlerRegistry registry, Ownership node) {
        batch(
                registry,
                ApiKeys.DESCRIBE_GROUPS,
                node,
                GROUP,
                new Batch<>(
                        DescribeGroupsRequest::groups,
                        DescribeGroupsRequest::setGroups,
                        Function.identity(),
                        DescribeGroupsResponse::groups,
                        DescribeGroupsResponse::setGroups),
                CoordinatorRouting::describeGroup);
        batch(
                registry,
                ApiKeys.DELETE_GROUPS,
                node,
                GROUP,
                new Batch<>(
                        DeleteGroupsRequest::groupsNames,
                        DeleteGroupsRequest::setGroupsNames,
                        Function.identity(),
                        DeleteGroupsResponse::results,
                        DeleteGroupsResponse::setResults),
                CoordinatorRouting::deleteGroup);
        batch(
                registry,
                ApiKeys.CONSUMER_GROUP_DESCRIBE,
                node,
                GROUP,
                new Batch<>(
                        ConsumerGroupDescribeRequest::groupIds,
                        ConsumerGroupDescribeRequest::setGroupIds,
                        Function.identity(),
                        ConsumerGroupDescribeResponse::groups,
                        ConsumerGroupDescribeResponse::setGroups),
                CoordinatorRouting::describeGroup);
        batch(
                registry,
                ApiKeys.SHARE_GROUP_DESCRIBE,
                node,
                GROUP,
                new Batch<>(
                        ShareGroupDescribeRequest::groupIds,
                        ShareGroupDescribeRequest::setGroupIds,
                        Function.identity(),
                        ShareGroupDescribeResponse::groups,
                        ShareGroupDescribeResponse::setGroups),
                CoordinatorRouting::describeGroup);
        batch(
                registry,
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                node,
                GROUP,
                new Batch<>(
                        StreamsGroupDescribeRequest::groupIds,
                        StreamsGroupDescribeRequest::setGroupIds,
                        Function.identity(),
                        StreamsGroupDescribeResponse::groups,
                        StreamsGroupDescribeResponse::setGroups),
                CoordinatorRouting::describeGroup);
        batch(
                registry,
                ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS,
                node,
                GROUP,
                new Batch<>(
                        DescribeShareGroupOffsetsRequest::groups,
                        DescribeShareGroupOffsetsRequest::setGroups,
                        DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup::groupId,
                        DescribeShareGroupOffsetsResponse::groups,
                        DescribeShareGroupOffsetsResponse::setGroups),
                CoordinatorRouting::describeGroup);
        batch(
                registry,
                ApiKeys.DESCRIBE_TRANSACTIONS,
                node,
                TRANSACTION,
                new Batch<>(
                        DescribeTransactionsRequest::transactionalIds,
                        DescribeTransactionsRequest::setTransactionalIds,
                        Function.identity(),
                        DescribeTransactionsResponse::transactionStates,
                        DescribeTransactionsResponse::setTransactionStates),
                CoordinatorRouting::describeTxn);
        offsetFetch(registry, node);
        addPartitionsToTxn(registry, node);

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
                RoutedHandler.registered(registry, ApiKeys.OFFSET_FETCH),
                node,
                GROUP,
                new Batch<>(
                        OffsetFetchRequest::groups,
                        OffsetFetchRequest::setGroups,
                        OffsetFetchRequest.OffsetFetchRequestGroup::groupId,
                        OffsetFetchResponse::groups,
                        OffsetFetchResponse::setGroups),
                CoordinatorRouting::describeGroup);
        RoutedHandler.wrap(registry, ApiKeys.OFFSET_FETCH, (RoutedHandler.Route<
                        OffsetFetchRequest, OffsetFetchResponse>)
                (handler, ctx, request) -> {
                    if (ctx.apiVersion() >= 8) {
                        return batched.handle(ctx, request);
                    }
                    return node.owns(GROUP, request.groupId())
                                    || !CoordinatorRouting.describeGroup(ctx, request.groupId())
                            ? handler.handle(ctx, request)
                            : RoutedHandler.notCoordinator(handler, ctx, request);
                });
    }

    /**
     * AddPartitionsToTxn: before v4 one transactional id (its error, after the id's and the topics' rights); from v4
     * the brokers' batch (KIP-890), sent with cluster rights: each transaction another node coordinates gets
     * NOT_COORDINATOR for its partitions, as Kafka's coordinator answers it.
     */
    private static void addPartitionsToTxn(HandlerRegistry registry, Ownership node) {
        RoutedHandler.wrap(registry, ApiKeys.ADD_PARTITIONS_TO_TXN, (RoutedHandler.Route<
                        AddPartitionsToTxnRequest, AddPartitionsToTxnResponse>)
                (handler, ctx, request) -> {
                    if (ctx.apiVersion() < 4) {
                        String id = request.v3AndBelowTransactionalId();
                        boolean refused = !CoordinatorRouting.writeTxn(ctx, id)
                                || request.v3AndBelowTopics().stream()
                                        .anyMatch(t -> !ctx.allowed(AclOperation.WRITE, ResourceType.TOPIC, t.name()));
                        return node.owns(TRANSACTION, id) || refused
                                ? handler.handle(ctx, request)
                                : RoutedHandler.notCoordinator(handler, ctx, request);
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

    /**
     * How a batched request lists its keys and its response their answers (one per key, in the request's order).
     *
     * @param <R> a request entry, of one key
     * @param <E> a response entry
     */
    private record Batch<Q extends ApiMessage, S extends ApiMessage, R, E>(
            Function<Q, List<R>> entries,
            BiConsumer<Q, List<R>> setEntries,
            Function<R, String> keyOf,
            Function<S, List<E>> answers,
            BiConsumer<S, List<E>> setAnswers) {}

    private static <Q extends ApiMessage, S extends ApiMessage, R, E> void batch(
            HandlerRegistry registry,
            ApiKeys api,
            Ownership node,
            byte keyType,
            Batch<Q, S, R, E> batch,
            BiPredicate<RequestContext, String> access) {
        ApiHandler<Q, S> handler = RoutedHandler.registered(registry, api);
        if (handler != null) {
            registry.replace(api, batched(handler, node, keyType, batch, access));
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
            Batch<Q, S, R, E> batch,
            BiPredicate<RequestContext, String> access) {
        return new RoutedHandler<>(handler, (h, ctx, request) -> {
            List<R> all = batch.entries().apply(request);
            List<Boolean> owned = new ArrayList<>(all.size());
            List<R> mine = new ArrayList<>();
            List<R> foreign = new ArrayList<>();
            for (R entry : all) {
                String key = batch.keyOf().apply(entry);
                boolean own = node.owns(keyType, key) || !access.test(ctx, key); // the handler refuses those
                owned.add(own);
                (own ? mine : foreign).add(entry);
            }
            if (foreign.isEmpty()) {
                return h.handle(ctx, request);
            }
            // the error answer is built before the handler may keep the request for a later completion
            batch.setEntries().accept(request, foreign);
            List<E> refused = batch.answers().apply(h.errorResponse(ctx, request, Errors.NOT_COORDINATOR));
            batch.setEntries().accept(request, mine);
            return h.handle(ctx, request).thenApply(response -> {
                if (response == null) {
                    return null;
                }
                List<E> served = batch.answers().apply(response);
                List<E> merged = new ArrayList<>(owned.size());
                if (served.size() != mine.size() || refused.size() != foreign.size()) {
                    // not one answer per key: the request's order cannot be restored
                    merged.addAll(served);
                    merged.addAll(refused);
                } else {
                    Iterator<E> ownAnswers = served.iterator();
                    Iterator<E> otherAnswers = refused.iterator();
                    for (boolean own : owned) {
                        merged.add(own ? ownAnswers.next() : otherAnswers.next());
                    }
                }
                batch.setAnswers().accept(response, merged);
                return response;
            });
        });
    }

    /** A listing: the node's own entries only. */
    private static <Q extends ApiMessage, S extends ApiMessage> void listed(
            HandlerRegistry registry, ApiKeys api, Consumer<S> keepOwn) {
        RoutedHandler.wrap(registry, api, (RoutedHandler.Route<Q, S>) (handler, ctx, request) -> handler.handle(
                        ctx, request)
                .thenApply(response -> {
                    if (response != null) {
                        keepOwn.accept(response);
                    }
                    return response;
                }));
    }
}
