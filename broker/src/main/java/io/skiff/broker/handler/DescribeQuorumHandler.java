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
import io.skiff.config.Endpoint;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DescribeQuorumRequest;
import io.skiff.protocol.message.DescribeQuorumResponse;
import io.skiff.protocol.message.DescribeQuorumResponse.Listener;
import io.skiff.protocol.message.DescribeQuorumResponse.Node;
import io.skiff.protocol.message.DescribeQuorumResponse.PartitionData;
import io.skiff.protocol.message.DescribeQuorumResponse.ReplicaState;
import io.skiff.protocol.message.DescribeQuorumResponse.TopicData;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * DescribeQuorum (key 55), versions 0–2, answered as a single-node KRaft Kafka's quorum leader answers it for
 * {@code __cluster_metadata-0}: this node is the only voter and the leader, in epoch 1, with no observers.
 * <ul>
 *   <li>Skiff keeps no metadata log, so its high watermark and the voter's log end offset are both 0 (no lag);
 *       the voter's directory id is the zero id, as for a Kafka whose voters are configured statically;</li>
 *   <li>the leader reports the current time as its last fetch and last caught-up time, as Kafka's leader does;</li>
 *   <li>v2's node endpoints: the endpoint advertised for the listener the request came in on (a Kafka voter lists
 *       its controller listener, which Skiff does not have);</li>
 *   <li>any other topic or partition than {@code __cluster_metadata-0} (or more than one) → UNKNOWN_TOPIC_OR_PARTITION
 *       on every partition asked for; without DESCRIBE on the cluster → CLUSTER_AUTHORIZATION_FAILED.</li>
 * </ul>
 *
 * <p>Thread-safe: immutable.
 */
public final class DescribeQuorumHandler extends AbstractApiHandler<DescribeQuorumRequest, DescribeQuorumResponse> {
    static final String METADATA_TOPIC = "__cluster_metadata";
    static final int LEADER_EPOCH = 1;

    private final int nodeId;
    private final Clock clock;
    private final Function<String, Endpoint> advertisedEndpoint;

    /**
     * @param advertisedEndpoint the endpoint advertised for a listener name
     */
    public DescribeQuorumHandler(int nodeId, Clock clock, Function<String, Endpoint> advertisedEndpoint) {
        super(ApiKeys.DESCRIBE_QUORUM, 0, 2);
        this.nodeId = nodeId;
        this.clock = clock;
        this.advertisedEndpoint = advertisedEndpoint;
    }

    @Override
    public CompletableFuture<DescribeQuorumResponse> handle(RequestContext ctx, DescribeQuorumRequest request) {
        if (!ctx.clusterAllowed(AclOperation.DESCRIBE)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        if (!asksForMetadataPartition(request)) {
            return CompletableFuture.completedFuture(partitionErrors(request, Errors.UNKNOWN_TOPIC_OR_PARTITION));
        }
        long now = clock.millis();
        ReplicaState leader = new ReplicaState()
                .setReplicaId(nodeId)
                .setReplicaDirectoryId(Uuids.ZERO)
                .setLogEndOffset(0L)
                .setLastFetchTimestamp(now)
                .setLastCaughtUpTimestamp(now);
        PartitionData partition = new PartitionData()
                .setPartitionIndex(0)
                .setErrorCode(Errors.NONE.code())
                .setLeaderId(nodeId)
                .setLeaderEpoch(LEADER_EPOCH)
                .setHighWatermark(0L)
                .setCurrentVoters(new ArrayList<>(List.of(leader)))
                .setObservers(new ArrayList<>());
        DescribeQuorumResponse response = new DescribeQuorumResponse();
        response.topics()
                .add(new TopicData().setTopicName(METADATA_TOPIC).setPartitions(new ArrayList<>(List.of(partition))));
        if (ctx.apiVersion() >= 2) {
            Endpoint endpoint = advertisedEndpoint.apply(ctx.listenerName());
            Listener listener = new Listener()
                    .setName(ctx.listenerName())
                    .setHost(endpoint.host())
                    .setPort(endpoint.port());
            response.nodes().add(new Node().setNodeId(nodeId).setListeners(new ArrayList<>(List.of(listener))));
        }
        return CompletableFuture.completedFuture(response);
    }

    /** Kafka's check: exactly one topic, {@code __cluster_metadata}, with exactly partition 0. */
    private static boolean asksForMetadataPartition(DescribeQuorumRequest request) {
        return request.topics().size() == 1
                && METADATA_TOPIC.equals(request.topics().get(0).topicName())
                && request.topics().get(0).partitions().size() == 1
                && request.topics().get(0).partitions().get(0).partitionIndex() == 0;
    }

    /** Every partition asked for, with the error and its default message. */
    private static DescribeQuorumResponse partitionErrors(DescribeQuorumRequest request, Errors error) {
        DescribeQuorumResponse response = new DescribeQuorumResponse();
        for (DescribeQuorumRequest.TopicData topic : request.topics()) {
            TopicData answer = new TopicData().setTopicName(topic.topicName());
            for (DescribeQuorumRequest.PartitionData p : topic.partitions()) {
                answer.partitions()
                        .add(new PartitionData()
                                .setPartitionIndex(p.partitionIndex())
                                .setErrorCode(error.code())
                                .setErrorMessage(error.message()));
            }
            response.topics().add(answer);
        }
        return response;
    }

    @Override
    public DescribeQuorumResponse errorResponse(RequestContext ctx, DescribeQuorumRequest request, Errors error) {
        return new DescribeQuorumResponse().setErrorCode(error.code()).setErrorMessage(error.message());
    }
}
