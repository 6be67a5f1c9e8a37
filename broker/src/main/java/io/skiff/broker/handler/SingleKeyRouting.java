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
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.AddOffsetsToTxnRequest;
import io.skiff.protocol.message.AlterShareGroupOffsetsRequest;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.DeleteShareGroupOffsetsRequest;
import io.skiff.protocol.message.EndTxnRequest;
import io.skiff.protocol.message.HeartbeatRequest;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetDeleteRequest;
import io.skiff.protocol.message.ShareGroupHeartbeatRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import io.skiff.protocol.message.SyncGroupRequest;
import io.skiff.protocol.message.TxnOffsetCommitRequest;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * The coordinator check of the requests for one group or one transactional id: the handler answers when the node
 * coordinates the key, or when the principal lacks the rights on it (the handler then answers the authorization
 * error, as Kafka checks rights before its coordinator answers NOT_COORDINATOR); otherwise the handler's error answer
 * with NOT_COORDINATOR.
 *
 * <p>Thread-safe as the handlers it wraps.
 */
final class SingleKeyRouting {
    private SingleKeyRouting() {}

    static void install(HandlerRegistry registry, Ownership node) {
        single(registry, ApiKeys.JOIN_GROUP, node, GROUP, JoinGroupRequest::groupId, CoordinatorRouting::readGroup);
        single(registry, ApiKeys.SYNC_GROUP, node, GROUP, SyncGroupRequest::groupId, CoordinatorRouting::readGroup);
        single(registry, ApiKeys.HEARTBEAT, node, GROUP, HeartbeatRequest::groupId, CoordinatorRouting::readGroup);
        single(registry, ApiKeys.LEAVE_GROUP, node, GROUP, LeaveGroupRequest::groupId, CoordinatorRouting::readGroup);
        if (registry.handler(ApiKeys.OFFSET_COMMIT) instanceof OffsetCommitHandler commit) {
            // per partition after the group, topic and partition checks, as Kafka's coordinator answers
            registry.replace(ApiKeys.OFFSET_COMMIT, commit.onNode(group -> node.owns(GROUP, group)));
        } else {
            single(
                    registry,
                    ApiKeys.OFFSET_COMMIT,
                    node,
                    GROUP,
                    OffsetCommitRequest::groupId,
                    CoordinatorRouting::readGroup);
        }
        single(
                registry,
                ApiKeys.OFFSET_DELETE,
                node,
                GROUP,
                OffsetDeleteRequest::groupId,
                CoordinatorRouting::deleteGroup);
        single(
                registry,
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                node,
                GROUP,
                ConsumerGroupHeartbeatRequest::groupId,
                CoordinatorRouting::readGroup);
        single(
                registry,
                ApiKeys.SHARE_GROUP_HEARTBEAT,
                node,
                GROUP,
                ShareGroupHeartbeatRequest::groupId,
                CoordinatorRouting::readGroup);
        single(
                registry,
                ApiKeys.STREAMS_GROUP_HEARTBEAT,
                node,
                GROUP,
                StreamsGroupHeartbeatRequest::groupId,
                CoordinatorRouting::readGroup);
        single(
                registry,
                ApiKeys.ALTER_SHARE_GROUP_OFFSETS,
                node,
                GROUP,
                AlterShareGroupOffsetsRequest::groupId,
                CoordinatorRouting::readGroup);
        single(
                registry,
                ApiKeys.DELETE_SHARE_GROUP_OFFSETS,
                node,
                GROUP,
                DeleteShareGroupOffsetsRequest::groupId,
                CoordinatorRouting::deleteGroup);
        // TxnOffsetCommit is the group coordinator's (Kafka's client sends it there); the transactional id and the
        // group are checked first
        checked(
                registry,
                ApiKeys.TXN_OFFSET_COMMIT,
                node,
                GROUP,
                TxnOffsetCommitRequest::groupId,
                (ctx, r) -> CoordinatorRouting.writeTxn(ctx, r.transactionalId())
                        && CoordinatorRouting.readGroup(ctx, r.groupId()));
        // without a transactional id any node hands out a producer id
        single(
                registry,
                ApiKeys.INIT_PRODUCER_ID,
                node,
                TRANSACTION,
                InitProducerIdRequest::transactionalId,
                CoordinatorRouting::writeTxn);
        checked(
                registry,
                ApiKeys.ADD_OFFSETS_TO_TXN,
                node,
                TRANSACTION,
                AddOffsetsToTxnRequest::transactionalId,
                (ctx, r) -> CoordinatorRouting.writeTxn(ctx, r.transactionalId())
                        && CoordinatorRouting.readGroup(ctx, r.groupId()));
        single(
                registry,
                ApiKeys.END_TXN,
                node,
                TRANSACTION,
                EndTxnRequest::transactionalId,
                CoordinatorRouting::writeTxn);
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
        SingleKeyRouting.<Q, S>checked(
                registry, api, node, keyType, key, (ctx, request) -> access.test(ctx, key.apply(request)));
    }

    /** As {@link #single}, the rights checked on the whole request. */
    private static <Q extends ApiMessage, S extends ApiMessage> void checked(
            HandlerRegistry registry,
            ApiKeys api,
            Ownership node,
            byte keyType,
            Function<Q, String> key,
            BiPredicate<RequestContext, Q> access) {
        RoutedHandler.wrap(registry, api, (RoutedHandler.Route<Q, S>) (handler, ctx, request) -> {
            String k = key.apply(request);
            return k == null || node.owns(keyType, k) || !access.test(ctx, request)
                    ? handler.handle(ctx, request)
                    : RoutedHandler.notCoordinator(handler, ctx, request);
        });
    }
}
