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

import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ElectLeadersRequest;
import io.skiff.protocol.message.ElectLeadersRequest.ElectLeadersTopicPartitions;
import io.skiff.protocol.message.ElectLeadersResponse;
import io.skiff.protocol.message.ElectLeadersResponse.PartitionResult;
import io.skiff.protocol.message.ElectLeadersResponse.ReplicaElectionResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * ElectLeaders (key 43), versions 0–2 ({@code kafka-leader-election}, {@code Admin.electLeaders}). Every partition
 * has one replica, this node, which leads it already: as Kafka answers for a partition whose preferred or live
 * replica leads, a named partition gets ELECTION_NOT_NEEDED (preferred and unclean alike), and a request for all
 * partitions (null) gets each topic with no partition results. An unknown topic or partition gets UNKNOWN_TOPIC_OR_PARTITION with Kafka's
 * messages. Needs ALTER on the cluster.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry.
 */
public final class ElectLeadersHandler extends AbstractApiHandler<ElectLeadersRequest, ElectLeadersResponse> {
    private static final byte UNCLEAN = 1;

    private final TopicRegistry topics;
    private final SimulatedCluster cluster; // null with one node

    public ElectLeadersHandler(TopicRegistry topics) {
        this(topics, null);
    }

    /**
     * @param cluster a simulated cluster, whose leaders it elects as Kafka's controller does: PREFERRED makes the
     *                first replica lead when it runs and is in sync (else PREFERRED_LEADER_NOT_AVAILABLE), UNCLEAN
     *                gives a partition without a leader its first running replica (else
     *                ELIGIBLE_LEADERS_NOT_AVAILABLE); ELECTION_NOT_NEEDED when it already has that leader, and
     *                left out of an answer for all partitions
     */
    public ElectLeadersHandler(TopicRegistry topics, SimulatedCluster cluster) {
        super(ApiKeys.ELECT_LEADERS, 0, 2);
        this.topics = topics;
        this.cluster = cluster;
    }

    @Override
    public Execution execution() {
        // a simulated cluster's change writes its layout to the data directory (fsync)
        return cluster == null ? Execution.NETWORK_THREAD : Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<ElectLeadersResponse> handle(RequestContext ctx, ElectLeadersRequest request) {
        if (!ctx.clusterAllowed(AclOperation.ALTER)) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.CLUSTER_AUTHORIZATION_FAILED));
        }
        ElectLeadersResponse response = new ElectLeadersResponse();
        boolean unclean = ctx.apiVersion() >= 1 && request.electionType() == UNCLEAN;
        if (request.topicPartitions() == null) {
            for (Topic topic : topics.topics()) { // all partitions: a topic each, those that needed an election
                ReplicaElectionResult result = new ReplicaElectionResult().setTopic(topic.name());
                for (int p = 0; cluster != null && p < topic.partitionCount(); p++) {
                    PartitionResult outcome = elect(topic, p, unclean);
                    if (outcome.errorCode() != Errors.ELECTION_NOT_NEEDED.code()) {
                        result.partitionResult().add(outcome);
                    }
                }
                response.replicaElectionResults().add(result);
            }
            return CompletableFuture.completedFuture(response);
        }
        for (ElectLeadersTopicPartitions requested : request.topicPartitions()) {
            Optional<Topic> topic = topics.topic(requested.topic());
            ReplicaElectionResult result = new ReplicaElectionResult().setTopic(requested.topic());
            for (int partition : requested.partitions()) {
                result.partitionResult().add(outcome(requested.topic(), topic, partition, unclean));
            }
            response.replicaElectionResults().add(result);
        }
        return CompletableFuture.completedFuture(response);
    }

    private PartitionResult outcome(String name, Optional<Topic> topic, int partition, boolean unclean) {
        PartitionResult result = new PartitionResult().setPartitionId(partition);
        if (topic.isEmpty()) {
            return result.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code())
                    .setErrorMessage("No such topic as " + name);
        }
        if (!topic.get().hasPartition(partition)) {
            return result.setErrorCode(Errors.UNKNOWN_TOPIC_OR_PARTITION.code())
                    .setErrorMessage("No such partition as " + name + "-" + partition);
        }
        if (cluster != null) {
            return elect(topic.get(), partition, unclean);
        }
        return result.setErrorCode(Errors.ELECTION_NOT_NEEDED.code())
                .setErrorMessage(Errors.ELECTION_NOT_NEEDED.message());
    }

    private PartitionResult elect(Topic topic, int partition, boolean unclean) {
        SimulatedCluster.Election election =
                unclean ? cluster.electUnclean(topic, partition) : cluster.electPreferred(topic, partition);
        Errors error = switch (election) {
            case DONE -> Errors.NONE;
            case NOT_NEEDED -> Errors.ELECTION_NOT_NEEDED;
            case NOT_ELIGIBLE ->
                unclean ? Errors.ELIGIBLE_LEADERS_NOT_AVAILABLE : Errors.PREFERRED_LEADER_NOT_AVAILABLE;
        };
        return new PartitionResult()
                .setPartitionId(partition)
                .setErrorCode(error.code())
                .setErrorMessage(error == Errors.NONE ? null : error.message());
    }

    /** As Kafka's: the error at the top (v1+) and for every named partition. */
    @Override
    public ElectLeadersResponse errorResponse(RequestContext ctx, ElectLeadersRequest request, Errors error) {
        ElectLeadersResponse response = new ElectLeadersResponse();
        if (ctx.apiVersion() >= 1) {
            response.setErrorCode(error.code()); // v0 has no top-level error
        }
        List<ElectLeadersTopicPartitions> requested = request.topicPartitions();
        if (requested != null) {
            for (ElectLeadersTopicPartitions topic : requested) {
                ReplicaElectionResult result = new ReplicaElectionResult().setTopic(topic.topic());
                for (int partition : topic.partitions()) {
                    result.partitionResult()
                            .add(new PartitionResult()
                                    .setPartitionId(partition)
                                    .setErrorCode(error.code())
                                    .setErrorMessage(error.message()));
                }
                response.replicaElectionResults().add(result);
            }
        }
        return response;
    }
}
