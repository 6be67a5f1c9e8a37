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
import io.skiff.broker.txn.TransactionCoordinator;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AddOffsetsToTxnRequest;
import io.skiff.protocol.message.AddOffsetsToTxnResponse;
import io.skiff.protocol.message.ApiKeys;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * AddOffsetsToTxn (key 25), v0–4: adds the {@code __consumer_offsets} partition of the group to the producer's
 * transaction, so that TxnOffsetCommit may follow and the transaction's end commits or drops those offsets.
 * Thread-safe (stateless apart from the coordinator).
 */
public final class AddOffsetsToTxnHandler extends AbstractApiHandler<AddOffsetsToTxnRequest, AddOffsetsToTxnResponse> {
    private final TransactionCoordinator coordinator;
    private final Function<String, TopicPartition> offsetsPartitionOf;

    /** @param offsetsPartitionOf the {@code __consumer_offsets} partition of a group */
    public AddOffsetsToTxnHandler(
            TransactionCoordinator coordinator, Function<String, TopicPartition> offsetsPartitionOf) {
        super(ApiKeys.ADD_OFFSETS_TO_TXN, 0, 4);
        this.coordinator = coordinator;
        this.offsetsPartitionOf = offsetsPartitionOf;
    }

    @Override
    public CompletableFuture<AddOffsetsToTxnResponse> handle(RequestContext ctx, AddOffsetsToTxnRequest request) {
        if (request.transactionalId() == null || request.transactionalId().isEmpty()) {
            // As Kafka: an empty transactional id is checked first, and is a malformed request.
            return CompletableFuture.completedFuture(
                    new AddOffsetsToTxnResponse().setErrorCode(Errors.INVALID_REQUEST.code()));
        }
        Errors denied = TxnOffsetCommitHandler.offsetsToTxnDenied(ctx, request.transactionalId(), request.groupId());
        if (denied != null) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, denied));
        }
        if (request.groupId() == null || request.groupId().isEmpty()) {
            return CompletableFuture.completedFuture(
                    new AddOffsetsToTxnResponse().setErrorCode(Errors.INVALID_GROUP_ID.code()));
        }
        TopicPartition tp = offsetsPartitionOf.apply(request.groupId());
        return coordinator
                .addPartitions(request.transactionalId(), request.producerId(), request.producerEpoch(), Set.of(tp))
                .thenApply(error -> new AddOffsetsToTxnResponse().setErrorCode(error.code()));
    }

    @Override
    public AddOffsetsToTxnResponse errorResponse(RequestContext ctx, AddOffsetsToTxnRequest request, Errors error) {
        return new AddOffsetsToTxnResponse().setErrorCode(error.code());
    }
}
