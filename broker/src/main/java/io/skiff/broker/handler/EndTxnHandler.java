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
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.broker.txn.TransactionVersion;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.EndTxnRequest;
import io.skiff.protocol.message.EndTxnResponse;
import java.util.concurrent.CompletableFuture;

/**
 * EndTxn (key 26), v0–5: commits or aborts the producer's transaction. v0–4 come from transaction protocol version 1
 * clients (the epoch stays); v5 from version 2 clients (KIP-890): the coordinator bumps the epoch, and the response
 * carries the producer id and epoch to continue with (a new producer id at epoch 0 when the epochs are exhausted).
 * Answered once the markers are written and the transaction is complete. Runs on the blocking executor: an epoch
 * overflow allocates a producer id. Thread-safe (stateless apart from the coordinator).
 */
public final class EndTxnHandler extends AbstractApiHandler<EndTxnRequest, EndTxnResponse> {
    private final TransactionCoordinator coordinator;

    public EndTxnHandler(TransactionCoordinator coordinator) {
        super(ApiKeys.END_TXN, 0, 5);
        this.coordinator = coordinator;
    }

    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<EndTxnResponse> handle(RequestContext ctx, EndTxnRequest request) {
        if (!ctx.allowed(AclOperation.WRITE, ResourceType.TRANSACTIONAL_ID, request.transactionalId())) {
            return CompletableFuture.completedFuture(
                    errorResponse(ctx, request, Errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED));
        }
        return coordinator
                .endTransaction(
                        request.transactionalId(),
                        request.producerId(),
                        request.producerEpoch(),
                        request.committed(),
                        TransactionVersion.forEndTxn(ctx.apiVersion()))
                .thenApply(r -> new EndTxnResponse()
                        .setErrorCode(r.error().code())
                        .setProducerId(r.producerId())
                        .setProducerEpoch(r.producerEpoch()));
    }

    @Override
    public EndTxnResponse errorResponse(RequestContext ctx, EndTxnRequest request, Errors error) {
        return new EndTxnResponse().setErrorCode(error.code());
    }
}
