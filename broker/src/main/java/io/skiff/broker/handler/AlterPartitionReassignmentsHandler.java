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
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterPartitionReassignmentsRequest;
import io.skiff.protocol.message.AlterPartitionReassignmentsRequest.ReassignablePartition;
import io.skiff.protocol.message.AlterPartitionReassignmentsRequest.ReassignableTopic;
import io.skiff.protocol.message.AlterPartitionReassignmentsResponse;
import io.skiff.protocol.message.AlterPartitionReassignmentsResponse.ReassignablePartitionResponse;
import io.skiff.protocol.message.AlterPartitionReassignmentsResponse.ReassignableTopicResponse;
import io.skiff.protocol.message.ApiKeys;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * AlterPartitionReassignments (key 45), versions 0–1 ({@code kafka-reassign-partitions --execute},
 * {@code Admin.alterPartitionReassignments}). A partition's only possible replica list is this node: a target of
 * exactly this node is accepted and complete at once (nothing moves), any other is INVALID_REPLICA_ASSIGNMENT with
 * Kafka's messages, and a cancellation (null replicas) is NO_REASSIGNMENT_IN_PROGRESS, since none ever is. An
 * unknown topic or partition is UNKNOWN_TOPIC_OR_PARTITION with Kafka's messages. v1's
 * allow_replication_factor_change is echoed (the client reads it to tell that the broker knows the option); a
 * change of replication factor cannot pass the replica check here. Needs ALTER on the cluster.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
public final class AlterPartitionReassignmentsHandler
        extends AbstractApiHandler<AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse> {
    private final NodeTopics node;

    /**
     * @param node the topics; in a simulated cluster, a target of its nodes (each once) becomes the partition's replicas at once,
     *     since there is no data to copy; the leader stays if it is in the target, else the first running target
     *     replica leads
     */
    public AlterPartitionReassignmentsHandler(NodeTopics node) {
        super(ApiKeys.ALTER_PARTITION_REASSIGNMENTS, 0, 1);
        this.node = node;
    }

    @Override
    public Execution execution() {
        // a simulated cluster's change writes its layout to the data directory (fsync)
        return node.cluster() == null ? Execution.NETWORK_THREAD : Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<AlterPartitionReassignmentsResponse> handle(
            RequestContext ctx, AlterPartitionReassignmentsRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        AlterPartitionReassignmentsResponse response = newResponse(ctx, request);
        if (request.topics().isEmpty()) {
            return CompletableFuture.completedFuture(response.setErrorMessage("")); // Kafka's empty answer has ""
        }
        for (ReassignableTopic requested : request.topics()) {
            Optional<Topic> topic = node.topics().topic(requested.name());
            response.responses().add(topicResult(requested, p -> outcome(requested.name(), topic, p)));
        }
        return CompletableFuture.completedFuture(response);
    }

    private ResourceError outcome(String name, Optional<Topic> topic, ReassignablePartition partition) {
        if (topic.isEmpty()) {
            return ResourceError.of(Errors.UNKNOWN_TOPIC_OR_PARTITION, "Unable to find a topic named " + name + ".");
        }
        if (!topic.get().hasPartition(partition.partitionIndex())) {
            return ResourceError.of(
                    Errors.UNKNOWN_TOPIC_OR_PARTITION,
                    "Unable to find partition " + name + ":" + partition.partitionIndex() + ".");
        }
        if (partition.replicas() == null) {
            return ResourceError.of(Errors.NO_REASSIGNMENT_IN_PROGRESS, null);
        }
        if (node.cluster() == null) {
            return ReplicaAssignment.check(partition.replicas(), node.nodeId());
        }
        ResourceError error =
                ReplicaAssignment.check(partition.replicas(), node.cluster().registeredNodes());
        if (!error.isFailure()) {
            node.cluster().reassign(topic.get(), partition.partitionIndex(), List.copyOf(partition.replicas()));
        }
        return error;
    }

    private static AlterPartitionReassignmentsResponse newResponse(
            RequestContext ctx, AlterPartitionReassignmentsRequest request) {
        AlterPartitionReassignmentsResponse response = new AlterPartitionReassignmentsResponse();
        if (ctx.apiVersion() >= 1) {
            response.setAllowReplicationFactorChange(request.allowReplicationFactorChange());
        }
        return response;
    }

    /** As Kafka's: the error at the top and for every partition of the request. */
    @Override
    public AlterPartitionReassignmentsResponse errorResponse(
            RequestContext ctx, AlterPartitionReassignmentsRequest request, Errors error) {
        AlterPartitionReassignmentsResponse response =
                newResponse(ctx, request).setErrorCode(error.code()).setErrorMessage(error.message());
        ResourceError each = ResourceError.of(error, error.message());
        for (ReassignableTopic topic : request.topics()) {
            response.responses().add(topicResult(topic, p -> each));
        }
        return response;
    }

    /** The topic's answer, each partition with its outcome. */
    private static ReassignableTopicResponse topicResult(
            ReassignableTopic topic, Function<ReassignablePartition, ResourceError> outcome) {
        ReassignableTopicResponse result = new ReassignableTopicResponse().setName(topic.name());
        for (ReassignablePartition partition : topic.partitions()) {
            ResourceError error = outcome.apply(partition);
            result.partitions()
                    .add(new ReassignablePartitionResponse()
                            .setPartitionIndex(partition.partitionIndex())
                            .setErrorCode(error.code())
                            .setErrorMessage(error.message()));
        }
        return result;
    }
}
