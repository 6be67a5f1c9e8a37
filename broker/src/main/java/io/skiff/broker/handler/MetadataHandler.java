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

import io.skiff.broker.cluster.PartitionReplicas;
import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.topic.InvalidTopicException;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicExistsException;
import io.skiff.broker.topic.TopicNames;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.Endpoint;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.MetadataResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Metadata (key 3), v0–13.
 *
 * <p>Behaviour: one broker (this node, at the endpoint advertised for the client's listener), which is also the
 * controller; the cluster id (v2+). Topics: v0 an empty list means all topics; v1+ null means all and empty means
 * none. v12+ may ask by topic id (one non-zero id makes the whole request by id, names ignored): an unknown
 * id gets UNKNOWN_TOPIC_ID. v10-11 have the id field but, as in Kafka, a topic id or a null name there makes the
 * whole request INVALID_REQUEST (each topic with that error, no brokers). A missing topic asked by name is created
 * when the request allows it (v4+ flag, always before v4) and {@code auto.create.topics.enable} is true; an illegal
 * name then gets INVALID_TOPIC_EXCEPTION, otherwise UNKNOWN_TOPIC_OR_PARTITION. As Kafka's controller, one request
 * creates at most 10000 metadata records (a topic and each partition): beyond that it creates nothing and the
 * missing topics get UNKNOWN_TOPIC_OR_PARTITION. Every partition is led by this
 * node with leader epoch 0 and replicas = isr = [this node]. Internal topics are marked internal. The
 * authorized-operations fields are computed by the authorizer (all supported operations without one). With ACLs, as
 * Kafka: listing all topics shows only those the principal may DESCRIBE; a named topic it may not describe, or may
 * not create (CREATE on the cluster or the topic) when it is missing, gets TOPIC_AUTHORIZATION_FAILED.
 *
 * <p>Thread-safe (stateless apart from the registry).
 */
public final class MetadataHandler extends AbstractApiHandler<MetadataRequest, MetadataResponse> {
    private static final Logger LOG = LoggerFactory.getLogger(MetadataHandler.class);
    private static final int NOT_REQUESTED = RequestAuthorizer.NOT_REQUESTED;

    private final TopicRegistry topics;
    private final BrokerContext broker;

    public MetadataHandler(TopicRegistry topics, BrokerContext broker) {
        super(ApiKeys.METADATA, 0, 13);
        this.topics = topics;
        this.broker = broker;
    }

    @Override
    public CompletableFuture<MetadataResponse> handle(RequestContext ctx, MetadataRequest request) {
        if (mayCreateTopics(ctx.apiVersion(), request)) {
            // Creating a topic writes and fsyncs files: that part leaves the network thread.
            return CompletableFuture.supplyAsync(
                    () -> respond(ctx, request), broker.dataPlane().adminExecutor());
        }
        return CompletableFuture.completedFuture(respond(ctx, request));
    }

    private boolean mayCreateTopics(short version, MetadataRequest request) {
        boolean named =
                request.topics() != null && !(version == 0 && request.topics().isEmpty());
        return named
                && (version < 4 || request.allowAutoTopicCreation())
                && broker.config().get(BrokerConfigKeys.AUTO_CREATE_TOPICS_ENABLE)
                && creationRecords(request) > 0;
    }

    private MetadataResponse respond(RequestContext ctx, MetadataRequest request) {
        short version = ctx.apiVersion();
        if (version < 12
                && request.topics() != null
                && request.topics().stream().anyMatch(t -> t.name() == null || !Uuids.ZERO.equals(t.topicId()))) {
            // v10-11 carry a topic id field, but Kafka serves ids from v12 only (and names are not nullable before
            // v12): it refuses such a request as a whole.
            return refused(request, Errors.INVALID_REQUEST);
        }
        if (request.topics() != null
                && request.topics().stream().anyMatch(t -> t.name() == null && Uuids.ZERO.equals(t.topicId()))) {
            // A topic with neither name nor id: Kafka's handler fails on it, and the whole request gets the
            // unexpected-error answer.
            return refused(request, Errors.UNKNOWN_SERVER_ERROR);
        }
        Endpoint endpoint = broker.advertisedEndpoint(ctx.listenerName());
        MetadataResponse response = new MetadataResponse()
                .setClusterId(broker.clusterId())
                .setControllerId(broker.nodeId())
                .setClusterAuthorizedOperations(
                        request.includeClusterAuthorizedOperations()
                                ? ctx.authorizer()
                                        .authorizedOperations(ctx, ResourceType.CLUSTER, ResourceType.CLUSTER_NAME)
                                : NOT_REQUESTED);
        SimulatedCluster cluster = broker.cluster();
        if (cluster == null) {
            response.brokers()
                    .add(new MetadataResponse.MetadataResponseBroker()
                            .setNodeId(broker.nodeId())
                            .setHost(endpoint.host())
                            .setPort(endpoint.port())
                            .setRack(null));
        } else {
            response.setControllerId(cluster.controllerId());
            for (int id : cluster.runningNodes()) {
                cluster.endpoint(id, ctx.listenerName())
                        .ifPresent(e -> response.brokers()
                                .add(new MetadataResponse.MetadataResponseBroker()
                                        .setNodeId(id)
                                        .setHost(e.host())
                                        .setPort(e.port())
                                        .setRack(cluster.rack(id))));
            }
        }
        boolean all =
                request.topics() == null || (version == 0 && request.topics().isEmpty());
        boolean withOperations = request.includeTopicAuthorizedOperations();
        if (all) {
            for (Topic t : topics.topics()) {
                if (ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, t.name())) {
                    response.topics().add(describe(ctx, t, withOperations));
                }
            }
        } else {
            boolean autoCreate = (version < 4 || request.allowAutoTopicCreation())
                    && broker.config().get(BrokerConfigKeys.AUTO_CREATE_TOPICS_ENABLE);
            Set<String> seenNames = new LinkedHashSet<>();
            Set<UUID> seenIds = new LinkedHashSet<>();
            // As Kafka: one non-zero topic id makes it a request by id, and then names are ignored (the Java
            // client sends "" as the name of a topic it asks for by id).
            boolean byIds = version >= 10 && request.topics().stream().anyMatch(rt -> !Uuids.ZERO.equals(rt.topicId()));
            if (autoCreate && !byIds && creationRecords(request) > BatchOperationLimit.MAX_RECORDS) {
                // Kafka's controller refuses such a creation as a whole; creating tens of thousands of logs here
                // would block this network thread and exhaust the broker's file handles for every client.
                autoCreate = false;
            }
            for (MetadataRequest.MetadataRequestTopic rt : request.topics()) {
                if (byIds) {
                    if (!Uuids.ZERO.equals(rt.topicId()) && seenIds.add(rt.topicId())) {
                        Errors injected = topics.topic(rt.topicId())
                                .map(t -> ctx.injectedError(t.name()))
                                .orElse(null);
                        response.topics()
                                .add(
                                        injected != null
                                                ? injected(null, rt.topicId(), injected)
                                                : byId(ctx, rt.topicId(), withOperations));
                    }
                } else if (rt.name() != null && seenNames.add(rt.name())) {
                    Errors injected = ctx.injectedError(rt.name());
                    response.topics()
                            .add(
                                    injected != null
                                            ? injected(rt.name(), Uuids.ZERO, injected)
                                            : byName(ctx, rt.name(), autoCreate, withOperations));
                }
            }
        }
        return response;
    }

    /**
     * Kafka's answer to a request it refuses: each asked-for topic with {@code error} (a null name as ""), no
     * brokers, no cluster id, no controller (and {@code error} at the top in v13+).
     */
    private static MetadataResponse refused(MetadataRequest request, Errors error) {
        MetadataResponse response =
                new MetadataResponse().setClusterId(null).setControllerId(-1).setErrorCode(error.code());
        for (MetadataRequest.MetadataRequestTopic rt : request.topics()) {
            response.topics()
                    .add(new MetadataResponse.MetadataResponseTopic()
                            .setErrorCode(error.code())
                            .setName(rt.name() == null ? "" : rt.name())
                            .setTopicId(rt.topicId())
                            .setIsInternal(false)
                            .setTopicAuthorizedOperations(NOT_REQUESTED));
        }
        return response;
    }

    /** A topic that a fault rule answers with an error: no partitions, and not created when missing. */
    private static MetadataResponse.MetadataResponseTopic injected(String name, UUID id, Errors error) {
        return new MetadataResponse.MetadataResponseTopic()
                .setErrorCode(error.code())
                .setName(name)
                .setTopicId(id)
                .setIsInternal(name != null && TopicNames.isInternal(name))
                .setTopicAuthorizedOperations(NOT_REQUESTED);
    }

    /** Kafka's metadata records to auto-create the missing named topics: the topic plus each partition. */
    private long creationRecords(MetadataRequest request) {
        long missing = request.topics().stream()
                .map(MetadataRequest.MetadataRequestTopic::name)
                .filter(name -> name != null && topics.topic(name).isEmpty())
                .distinct()
                .count();
        return missing * (1L + broker.config().get(BrokerConfigKeys.NUM_PARTITIONS));
    }

    private MetadataResponse.MetadataResponseTopic byId(RequestContext ctx, UUID id, boolean withOperations) {
        Optional<Topic> topic = topics.topic(id);
        boolean describable = topic.isPresent()
                && ctx.allowed(
                        AclOperation.DESCRIBE, ResourceType.TOPIC, topic.get().name());
        if (describable) {
            return describe(ctx, topic.get(), withOperations);
        }
        return new MetadataResponse.MetadataResponseTopic()
                .setErrorCode(
                        topic.isPresent() ? Errors.TOPIC_AUTHORIZATION_FAILED.code() : Errors.UNKNOWN_TOPIC_ID.code())
                .setName(null)
                .setTopicId(id)
                .setTopicAuthorizedOperations(NOT_REQUESTED);
    }

    private MetadataResponse.MetadataResponseTopic byName(
            RequestContext ctx, String name, boolean autoCreate, boolean withOperations) {
        Optional<Topic> topic = topics.topic(name);
        // As Kafka: a missing topic that may not be created is unknown, or invalid when its name is.
        Errors error = TopicNames.isValid(name) ? Errors.UNKNOWN_TOPIC_OR_PARTITION : Errors.INVALID_TOPIC_EXCEPTION;
        if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, name)) {
            topic = Optional.empty();
            autoCreate = false;
            error = Errors.TOPIC_AUTHORIZATION_FAILED;
        } else if (topic.isEmpty()
                && autoCreate
                && !ctx.clusterAllowed(AclOperation.CREATE)
                && !ctx.allowed(AclOperation.CREATE, ResourceType.TOPIC, name)) {
            autoCreate = false;
            error = Errors.TOPIC_AUTHORIZATION_FAILED;
        }
        if (topic.isEmpty() && autoCreate) {
            try {
                topic = Optional.of(topics.getOrCreateTopic(name));
            } catch (InvalidTopicException e) {
                error = Errors.INVALID_TOPIC_EXCEPTION;
            } catch (TopicExistsException e) {
                error = Errors.LEADER_NOT_AVAILABLE; // being deleted right now: the client retries
            } catch (RuntimeException e) {
                LOG.warn("Automatic creation of topic {} failed", name, e);
                error = DataErrors.of(e) == Errors.UNKNOWN_SERVER_ERROR
                        ? Errors.UNKNOWN_TOPIC_OR_PARTITION
                        : DataErrors.of(e);
            }
        }
        if (topic.isPresent()) {
            return describe(ctx, topic.get(), withOperations);
        }
        return new MetadataResponse.MetadataResponseTopic()
                .setErrorCode(error.code())
                .setName(name)
                .setTopicId(Uuids.ZERO)
                .setIsInternal(TopicNames.isInternal(name))
                .setTopicAuthorizedOperations(NOT_REQUESTED);
    }

    /** A partition of a simulated cluster, as Kafka's metadata cache answers: no leader is LEADER_NOT_AVAILABLE. */
    private static MetadataResponse.MetadataResponsePartition replicated(
            SimulatedCluster cluster, Topic topic, int index) {
        PartitionReplicas r = cluster.replicas(topic, index);
        return new MetadataResponse.MetadataResponsePartition()
                .setErrorCode(r.hasLeader() ? Errors.NONE.code() : Errors.LEADER_NOT_AVAILABLE.code())
                .setPartitionIndex(index)
                .setLeaderId(r.leader())
                .setLeaderEpoch(r.leaderEpoch())
                .setReplicaNodes(new ArrayList<>(r.replicas()))
                .setIsrNodes(new ArrayList<>(r.isr()))
                .setOfflineReplicas(new ArrayList<>(r.offline(cluster.stoppedNodes())));
    }

    private MetadataResponse.MetadataResponseTopic describe(RequestContext ctx, Topic topic, boolean withOperations) {
        List<MetadataResponse.MetadataResponsePartition> partitions = new ArrayList<>(topic.partitionCount());
        SimulatedCluster cluster = broker.cluster();
        for (Partition p : topic.partitions()) {
            if (cluster != null) {
                partitions.add(replicated(cluster, topic, p.index()));
                continue;
            }
            partitions.add(new MetadataResponse.MetadataResponsePartition()
                    .setErrorCode(Errors.NONE.code())
                    .setPartitionIndex(p.index())
                    .setLeaderId(broker.nodeId())
                    .setLeaderEpoch(p.leaderEpoch())
                    .setReplicaNodes(new ArrayList<>(List.of(broker.nodeId())))
                    .setIsrNodes(new ArrayList<>(List.of(broker.nodeId())))
                    .setOfflineReplicas(new ArrayList<>()));
        }
        return new MetadataResponse.MetadataResponseTopic()
                .setErrorCode(Errors.NONE.code())
                .setName(topic.name())
                .setTopicId(topic.id())
                .setIsInternal(topic.isInternal())
                .setPartitions(partitions)
                .setTopicAuthorizedOperations(
                        withOperations
                                ? ctx.authorizer().authorizedOperations(ctx, ResourceType.TOPIC, topic.name())
                                : NOT_REQUESTED);
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }
}
