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
package io.skiff.broker;

import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.feature.ClusterFeatures;
import io.skiff.broker.feature.FeatureUpdates;
import io.skiff.broker.feature.Features;
import io.skiff.broker.fetch.FetchSessionCache;
import io.skiff.broker.fetch.FetchSessions;
import io.skiff.broker.group.ConsumerOffsetsLog;
import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.handler.AclHandlers;
import io.skiff.broker.handler.AddRaftVoterHandler;
import io.skiff.broker.handler.AlterClientQuotasHandler;
import io.skiff.broker.handler.AlterConfigsHandler;
import io.skiff.broker.handler.AlterPartitionReassignmentsHandler;
import io.skiff.broker.handler.AlterReplicaLogDirsHandler;
import io.skiff.broker.handler.AlterUserScramCredentialsHandler;
import io.skiff.broker.handler.ApiVersionsHandler;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.handler.ConfigResources;
import io.skiff.broker.handler.CoordinatorRouting;
import io.skiff.broker.handler.CreatePartitionsHandler;
import io.skiff.broker.handler.CreateTopicsHandler;
import io.skiff.broker.handler.DelegationTokenHandlers;
import io.skiff.broker.handler.DeleteRecordsHandler;
import io.skiff.broker.handler.DeleteTopicsHandler;
import io.skiff.broker.handler.DescribeClientQuotasHandler;
import io.skiff.broker.handler.DescribeClusterHandler;
import io.skiff.broker.handler.DescribeConfigsHandler;
import io.skiff.broker.handler.DescribeLogDirsHandler;
import io.skiff.broker.handler.DescribeQuorumHandler;
import io.skiff.broker.handler.DescribeTopicPartitionsHandler;
import io.skiff.broker.handler.DescribeUserScramCredentialsHandler;
import io.skiff.broker.handler.ElectLeadersHandler;
import io.skiff.broker.handler.FeatureGates;
import io.skiff.broker.handler.FetchHandler;
import io.skiff.broker.handler.FindCoordinatorHandler;
import io.skiff.broker.handler.GroupHandlers;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.broker.handler.IncrementalAlterConfigsHandler;
import io.skiff.broker.handler.InitProducerIdHandler;
import io.skiff.broker.handler.ListConfigResourcesHandler;
import io.skiff.broker.handler.ListOffsetsHandler;
import io.skiff.broker.handler.ListPartitionReassignmentsHandler;
import io.skiff.broker.handler.MetadataHandler;
import io.skiff.broker.handler.NodeTopics;
import io.skiff.broker.handler.OffsetForLeaderEpochHandler;
import io.skiff.broker.handler.OtherGroupKinds;
import io.skiff.broker.handler.ProduceHandler;
import io.skiff.broker.handler.RemoveRaftVoterHandler;
import io.skiff.broker.handler.SaslAuthenticateHandler;
import io.skiff.broker.handler.SaslHandshakeHandler;
import io.skiff.broker.handler.ShareHandlers;
import io.skiff.broker.handler.TelemetryHandlers;
import io.skiff.broker.handler.TopicIds;
import io.skiff.broker.handler.TransactionHandlers;
import io.skiff.broker.handler.UnregisterBrokerHandler;
import io.skiff.broker.handler.UnregisterControllerHandler;
import io.skiff.broker.handler.UpdateFeaturesHandler;
import io.skiff.broker.topic.DataPlane;
import io.skiff.broker.topic.EligibleLeaderReplicasConfigs;
import io.skiff.broker.txn.TransactionCoordinators;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.Endpoint;
import io.skiff.protocol.message.ApiKeys;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * The one place where the broker's API handlers are wired. Each handler is one line; ApiVersions advertises
 * exactly what is registered here.
 *
 * <p>Thread-safety: called once per broker start, before connections are accepted.
 */
public final class Handlers {
    private Handlers() {}

    /** The rules of min.insync.replicas under eligible leader replicas, as this cluster's features say. */
    static EligibleLeaderReplicasConfigs eligibleLeaderReplicas(DataPlane data, Features features) {
        return new EligibleLeaderReplicasConfigs(
                data.topics().dynamicConfigs(),
                () -> features.level(ClusterFeatures.ELIGIBLE_LEADER_REPLICAS_VERSION) >= 1);
    }

    public static Features registerAll(HandlerRegistry registry, BrokerContext ctx) {
        return registerAll(registry, ctx, null, new Features());
    }

    /**
     * As {@link #registerAll(HandlerRegistry, BrokerContext)}, with the share APIs when {@code shares} is given; the
     * handlers add the features they implement to {@code features}, which is returned.
     */
    public static Features registerAll(
            HandlerRegistry registry, BrokerContext ctx, ShareHandlers.ShareState shares, Features features) {
        registry.register(new SaslHandshakeHandler(ctx.security()));
        registry.register(new SaslAuthenticateHandler(ctx.security()));
        if (ctx.security().scramCredentials() != null) {
            registry.register(
                    new AlterUserScramCredentialsHandler(ctx.security().scramCredentials()));
            registry.register(
                    new DescribeUserScramCredentialsHandler(ctx.security().scramCredentials()));
        }
        AclHandlers.register(
                registry,
                ctx.security().authorizer() == null
                        ? null
                        : ctx.security().authorizer().store());
        DataPlane data = ctx.dataPlane();
        NodeTopics node = NodeTopics.of(data.topics(), ctx);
        ClusterFeatures.addTo(features);
        registry.register(new ApiVersionsHandler(registry, features, ctx.clusterId(), ctx.nodeId()));
        EligibleLeaderReplicasConfigs elr = eligibleLeaderReplicas(data, features);
        registry.register(new UpdateFeaturesHandler(new FeatureUpdates(features, ctx.nodeId(), elr::comeOn)));
        registry.register(new MetadataHandler(data.topics(), ctx));
        registry.register(new ProduceHandler(
                data.topics(), ctx.transactionCoordinator(), ctx.clientQuotas(), ctx.cluster(), ctx.nodeId()));
        int sessionSlots = ctx.config().get(BrokerConfigKeys.MAX_INCREMENTAL_FETCH_SESSION_CACHE_SLOTS);
        FetchSessions fetchSessions =
                new FetchSessions(new FetchSessionCache(sessionSlots, FetchSessionCache.EVICTION_MS), ctx.clock());
        registry.register(new FetchHandler(
                data.topics(), data.fetches(), fetchSessions, ctx.clientQuotas(), ctx.cluster(), ctx.nodeId()));
        registry.register(new ListOffsetsHandler(node));
        registry.register(new CreateTopicsHandler(node, ctx.config()));
        registry.register(new DeleteTopicsHandler(
                data.topics(),
                ctx.config().get(BrokerConfigKeys.DELETE_TOPIC_ENABLE),
                ctx.groupCoordinator()::deleteOffsetsOfTopic));
        registry.register(new InitProducerIdHandler(data.producerIds(), ctx.transactionCoordinator()));
        // admin
        GroupConfigStore groupConfigs = ctx.groupCoordinator().groupConfigs();
        ConfigResources configResources =
                new ConfigResources(data.topics(), groupConfigs, ctx.clientTelemetry(), ctx.nodeId(), elr);
        registry.register(new DescribeConfigsHandler(configResources));
        registry.register(new DescribeClientQuotasHandler(ctx.clientQuotas()));
        registry.register(new AlterClientQuotasHandler(ctx.clientQuotas()));
        registry.register(new AlterConfigsHandler(configResources));
        registry.register(new IncrementalAlterConfigsHandler(configResources));
        registry.register(new CreatePartitionsHandler(node));
        registry.register(new DeleteRecordsHandler(node));
        registry.register(
                ctx.cluster() == null
                        ? new DescribeClusterHandler(ctx.clusterId(), ctx.nodeId(), ctx::advertisedEndpoint)
                        : new DescribeClusterHandler(ctx.clusterId(), ctx.nodeId(), ctx.cluster()));
        registry.register(new DescribeQuorumHandler(ctx.nodeId(), ctx.clock(), ctx::advertisedEndpoint));
        registry.register(new UnregisterBrokerHandler(ctx.nodeId(), ctx.cluster()));
        registry.register(new UnregisterControllerHandler(ctx.nodeId(), ctx.cluster()));
        registry.register(new AddRaftVoterHandler(ctx.clusterId()));
        registry.register(new RemoveRaftVoterHandler(ctx.clusterId()));
        registry.register(new OffsetForLeaderEpochHandler(node));
        registry.register(new DescribeLogDirsHandler(node));
        registry.register(new AlterReplicaLogDirsHandler(data.topics()));
        registry.register(new DescribeTopicPartitionsHandler(node));
        registry.register(new ElectLeadersHandler(data.topics(), ctx.cluster()));
        registry.register(new AlterPartitionReassignmentsHandler(node));
        registry.register(new ListPartitionReassignmentsHandler());
        registry.register(new ListConfigResourcesHandler(configResources));
        TelemetryHandlers.register(registry, ctx.clientTelemetry());
        DelegationTokenHandlers.register(registry);
        BiPredicate<String, Integer> partitionExists = (topic, partition) -> data.topics()
                .topic(topic)
                .map(t -> partition >= 0 && partition < t.partitionCount())
                .orElse(false);
        GroupHandlers.register(
                registry,
                ctx.groupCoordinator(),
                ctx.nodeId(),
                ctx::advertisedEndpoint,
                partitionExists,
                TopicIds.of(data.topics()),
                ctx.clock(),
                shares == null ? OtherGroupKinds.NONE : ShareHandlers.asOtherGroupKinds(shares));
        if (ctx.cluster() != null) {
            registry.replace(
                    ApiKeys.FIND_COORDINATOR,
                    new FindCoordinatorHandler(ctx.nodeId(), ctx::advertisedEndpoint, coordinatorNodes(ctx)));
        }
        // Registered whatever group.coordinator.rebalance.protocols says: Kafka 4.4 advertises them and refuses
        // them (FeatureGates) while their protocol is left out.
        GroupHandlers.registerConsumerProtocol(registry, ctx.groupCoordinator(), features);
        if (shares != null) {
            ShareHandlers.register(registry, ctx, shares, features);
        }
        GroupHandlers.registerStreamsProtocol(registry, ctx.groupCoordinator(), features);
        TransactionHandlers.register(
                registry,
                features,
                ctx.transactionCoordinator(),
                ctx.groupCoordinator(),
                data.topics(),
                partitionExists,
                ctx.clock());
        if (ctx.cluster() != null) {
            FindCoordinatorHandler.CoordinatorNodes coordinators = coordinatorNodes(ctx);
            CoordinatorRouting.install(registry, (keyType, key) -> coordinators.nodeFor(keyType, key) == ctx.nodeId());
        }
        FeatureGates.install(
                registry, features, ctx.config().get(BrokerConfigKeys.GROUP_COORDINATOR_REBALANCE_PROTOCOLS));
        return features;
    }

    /** A simulated cluster's coordinators: the leaders of the keys' partitions of the internal topics. */
    private static FindCoordinatorHandler.CoordinatorNodes coordinatorNodes(BrokerContext ctx) {
        SimulatedCluster cluster = ctx.cluster();
        return new FindCoordinatorHandler.CoordinatorNodes() {
            @Override
            public int nodeFor(byte keyType, String key) {
                boolean transactional = keyType == 1 && ctx.transactionCoordinator() != null;
                String topic = transactional ? TransactionCoordinators.TOPIC : ConsumerOffsetsLog.TOPIC;
                int partition = transactional
                        ? ctx.transactionCoordinator().partitionFor(key)
                        : ctx.groupCoordinator().partitionFor(key);
                return cluster.internalLeader(ctx.topics(), topic, partition);
            }

            @Override
            public Optional<Endpoint> endpoint(int nodeId, String listenerName) {
                return cluster.isRunning(nodeId) ? cluster.endpoint(nodeId, listenerName) : Optional.empty();
            }
        };
    }
}
