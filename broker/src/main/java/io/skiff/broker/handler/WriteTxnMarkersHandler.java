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
import io.skiff.broker.txn.PartitionMarkers;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.WriteTxnMarkersRequest;
import io.skiff.protocol.message.WriteTxnMarkersResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * WriteTxnMarkers (key 27), v1–2: writes COMMIT or ABORT markers to partitions, as a transaction coordinator does.
 * Clients use it to abort a hanging transaction ({@code kafka-transactions abort}, Admin.abortTransaction).
 * Per-partition errors as the append gives them: UNKNOWN_TOPIC_OR_PARTITION, INVALID_PRODUCER_EPOCH for an epoch
 * older than the producer's, TRANSACTION_COORDINATOR_FENCED for an older coordinator epoch. Thread-safe (stateless
 * apart from the marker writer). v2's transaction version of a marker (KIP-1228) tells Kafka's partition leaders
 * how the coordinator bumped the epoch; Skiff's log checks a marker's epoch the same way for every version. Needs CLUSTER_ACTION on the cluster when ACLs are enforced, as in Kafka.
 */
public final class WriteTxnMarkersHandler extends AbstractApiHandler<WriteTxnMarkersRequest, WriteTxnMarkersResponse> {
    private final PartitionMarkers markers;

    public WriteTxnMarkersHandler(PartitionMarkers markers) {
        super(ApiKeys.WRITE_TXN_MARKERS, 1, 2);
        this.markers = markers;
    }

    @Override
    public CompletableFuture<WriteTxnMarkersResponse> handle(RequestContext ctx, WriteTxnMarkersRequest request) {
        if (!ctx.clusterAllowed(AclOperation.CLUSTER_ACTION)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        WriteTxnMarkersResponse response = answer(request, (m, t, p, result) -> {
            CompletableFuture<Void> written;
            try {
                written = markers.writeOne(
                        m.producerId(),
                        m.producerEpoch(),
                        m.transactionResult(),
                        new TopicPartition(t.name(), p),
                        m.coordinatorEpoch());
            } catch (RuntimeException e) {
                written = CompletableFuture.failedFuture(e);
            }
            pending.add(written.handle((ok, failure) -> {
                Throwable cause =
                        failure instanceof java.util.concurrent.CompletionException ? failure.getCause() : failure;
                result.setErrorCode(
                        cause == null
                                ? Errors.NONE.code()
                                : cause instanceof RuntimeException re
                                        ? DataErrors.of(re).code()
                                        : Errors.UNKNOWN_SERVER_ERROR.code());
                return null;
            }));
        });
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
                .thenApply(v -> response);
    }

    @Override
    public WriteTxnMarkersResponse errorResponse(RequestContext ctx, WriteTxnMarkersRequest request, Errors error) {
        return answer(request, (m, t, p, result) -> result.setErrorCode(error.code()));
    }

    /** Fills in the result of one partition of a marker. */
    private interface PartitionResult {
        void fill(
                WriteTxnMarkersRequest.WritableTxnMarker marker,
                WriteTxnMarkersRequest.WritableTxnMarkerTopic topic,
                int partition,
                WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult result);
    }

    /** The answer, one result per partition of each marker in the request's order, each filled in by {@code fill}. */
    private static WriteTxnMarkersResponse answer(WriteTxnMarkersRequest request, PartitionResult fill) {
        List<WriteTxnMarkersResponse.WritableTxnMarkerResult> results = new ArrayList<>();
        for (WriteTxnMarkersRequest.WritableTxnMarker m : request.markers()) {
            List<WriteTxnMarkersResponse.WritableTxnMarkerTopicResult> topics = new ArrayList<>();
            for (WriteTxnMarkersRequest.WritableTxnMarkerTopic t : m.topics()) {
                List<WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult> partitions = new ArrayList<>();
                for (int p : t.partitionIndexes()) {
                    WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult result =
                            new WriteTxnMarkersResponse.WritableTxnMarkerPartitionResult().setPartitionIndex(p);
                    partitions.add(result);
                    fill.fill(m, t, p, result);
                }
                topics.add(new WriteTxnMarkersResponse.WritableTxnMarkerTopicResult()
                        .setName(t.name())
                        .setPartitions(partitions));
            }
            results.add(new WriteTxnMarkersResponse.WritableTxnMarkerResult()
                    .setProducerId(m.producerId())
                    .setTopics(topics));
        }
        return new WriteTxnMarkersResponse().setMarkers(results);
    }
}
