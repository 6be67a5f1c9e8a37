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

import io.skiff.broker.producer.ProducerIdManager;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.InitProducerIdResponse;
import java.util.concurrent.CompletableFuture;

/**
 * InitProducerId (key 22), v0–5.
 *
 * <p>Without a transactional id (idempotent producers), as Kafka's transaction coordinator: a fresh producer id with
 * epoch 0, also when the request carries the producer's current id and epoch (v3+, KIP-360: Kafka answers an
 * idempotent producer's epoch bump with a new id). Exactly one of producer id / epoch set is INVALID_REQUEST, for
 * transactional producers too (Kafka checks it before its coordinator).
 *
 * <p>With a transactional id, the {@link TransactionCoordinator} answers: fencing by epoch, resuming with a known
 * id and epoch (v3+), aborting an open transaction, a new id when the epoch would overflow.
 *
 * <p>Thread-safe.
 */
public final class InitProducerIdHandler extends AbstractApiHandler<InitProducerIdRequest, InitProducerIdResponse> {
    private final ProducerIdManager producerIds;
    private final TransactionCoordinator transactions;

    /** @param transactions null in a broker without transactions (transactional ids get COORDINATOR_NOT_AVAILABLE) */
    public InitProducerIdHandler(ProducerIdManager producerIds, TransactionCoordinator transactions) {
        super(ApiKeys.INIT_PRODUCER_ID, 0, 5);
        this.producerIds = producerIds;
        this.transactions = transactions;
    }

    /** Allocating a new block of producer ids fsyncs the allocator's file. */
    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<InitProducerIdResponse> handle(RequestContext ctx, InitProducerIdRequest request) {
        // Kafka's order (KafkaApis.handleInitProducerIdRequest): authorization, then a producer id without its epoch
        // (or the reverse) is INVALID_REQUEST for every producer, then the coordinator refuses an empty
        // transactional id (TransactionCoordinator.handleInitProducerId).
        if (request.transactionalId() != null
                && !ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactionalId())) {
            return done(Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED, -1L, (short) -1);
        }
        if (request.transactionalId() == null
                && !ctx.clusterAllowed(AclOperation.IDEMPOTENT_WRITE)
                && !ctx.authorizer().anyAllowed(ctx, AclOperation.WRITE, ResourceType.TOPIC)) {
            return done(Errors.CLUSTER_AUTHORIZATION_FAILED, -1L, (short) -1);
        }
        boolean noId = request.producerId() == -1L;
        boolean noEpoch = request.producerEpoch() == -1;
        if (noId != noEpoch) {
            return done(Errors.INVALID_REQUEST, -1L, (short) -1);
        }
        if (request.transactionalId() != null) {
            if (request.transactionalId().isEmpty()) {
                return done(Errors.INVALID_REQUEST, -1L, (short) -1);
            }
            if (transactions == null) {
                return done(Errors.COORDINATOR_NOT_AVAILABLE, -1L, (short) -1);
            }
            return transactions
                    .initProducerId(
                            request.transactionalId(),
                            request.transactionTimeoutMs(),
                            request.producerId(),
                            request.producerEpoch())
                    .thenApply(r -> new InitProducerIdResponse()
                            .setThrottleTimeMs(0)
                            .setErrorCode(r.error().code())
                            .setProducerId(r.producerId())
                            .setProducerEpoch(r.producerEpoch()));
        }
        return done(Errors.NONE, producerIds.nextProducerId(), (short) 0);
    }

    private static CompletableFuture<InitProducerIdResponse> done(Errors error, long producerId, short epoch) {
        return CompletableFuture.completedFuture(new InitProducerIdResponse()
                .setThrottleTimeMs(0)
                .setErrorCode(error.code())
                .setProducerId(producerId)
                .setProducerEpoch(epoch));
    }

    @Override
    public InitProducerIdResponse errorResponse(RequestContext ctx, InitProducerIdRequest request, Errors error) {
        return new InitProducerIdResponse()
                .setErrorCode(error.code())
                .setProducerId(-1L)
                .setProducerEpoch((short) -1);
    }
}
