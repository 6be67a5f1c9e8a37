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

import io.skiff.broker.feature.Feature;
import io.skiff.broker.feature.Features;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.config.Endpoint;
import java.time.Clock;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * Registers the consumer-group handlers (FindCoordinator, JoinGroup, SyncGroup, Heartbeat, LeaveGroup,
 * OffsetCommit, OffsetFetch, ListGroups, DescribeGroups, DeleteGroups, OffsetDelete) in one call, so the
 * broker's wiring needs one line for them. Stateless.
 */
public final class GroupHandlers {
    /** Kafka's feature flag of the consumer group protocol. */
    public static final String GROUP_VERSION = "group.version";

    public static final String STREAMS_VERSION = "streams.version";

    private GroupHandlers() {}

    /**
     * @param advertisedEndpoint the endpoint clients use, by listener name (FindCoordinator answers it)
     * @param partitionExists    whether a topic partition exists (OffsetCommit / OffsetDelete check it)
     * @param topicIds           the topics' ids (OffsetCommit and OffsetFetch v10 name topics by id)
     * @param others             the other kinds of groups ListGroups and DeleteGroups also cover (share groups)
     */
    public static void register(
            HandlerRegistry registry,
            GroupCoordinator coordinator,
            int nodeId,
            Function<String, Endpoint> advertisedEndpoint,
            BiPredicate<String, Integer> partitionExists,
            TopicIds topicIds,
            Clock clock,
            OtherGroupKinds others) {
        registry.register(new FindCoordinatorHandler(nodeId, advertisedEndpoint));
        registry.register(new JoinGroupHandler(coordinator));
        registry.register(new SyncGroupHandler(coordinator));
        registry.register(new HeartbeatHandler(coordinator));
        registry.register(new LeaveGroupHandler(coordinator));
        registry.register(new OffsetCommitHandler(coordinator, partitionExists, topicIds, clock));
        registry.register(new OffsetFetchHandler(coordinator, topicIds));
        registry.register(new ListGroupsHandler(coordinator, others));
        registry.register(new DescribeGroupsHandler(coordinator));
        registry.register(new DeleteGroupsHandler(coordinator, others));
        registry.register(new OffsetDeleteHandler(coordinator, partitionExists));
    }

    /**
     * Registers the consumer group protocol (KIP-848): ConsumerGroupHeartbeat and ConsumerGroupDescribe, and
     * the feature {@code group.version} (0–1, finalized at 1) that tells clients the protocol is available; with
     * it disabled (UpdateFeatures) both answer UNSUPPORTED_VERSION ({@link FeatureGates}), as Kafka 4.4 does.
     */
    public static void registerConsumerProtocol(
            HandlerRegistry registry, GroupCoordinator coordinator, Features features) {
        features.add(new Feature(GROUP_VERSION, (short) 0, (short) 1, (short) 1));
        registry.register(new ConsumerGroupHeartbeatHandler(coordinator));
        registry.register(new ConsumerGroupDescribeHandler(coordinator));
    }

    /**
     * Registers the streams group protocol (KIP-1071): StreamsGroupHeartbeat and StreamsGroupDescribe, and the feature
     * {@code streams.version} (0–1, finalized at 1, as Kafka 4.4 formats a cluster); with it disabled (UpdateFeatures)
     * both answer UNSUPPORTED_VERSION ({@link FeatureGates}), as Kafka 4.4 does.
     */
    public static void registerStreamsProtocol(
            HandlerRegistry registry, GroupCoordinator coordinator, Features features) {
        features.add(new Feature(STREAMS_VERSION, (short) 0, (short) 1, (short) 1));
        registry.register(new StreamsGroupHeartbeatHandler(coordinator));
        registry.register(new StreamsGroupDescribeHandler(coordinator));
        registry.register(new StreamsGroupTopologyDescriptionUpdateHandler(() -> features.level(STREAMS_VERSION) >= 1));
    }
}
