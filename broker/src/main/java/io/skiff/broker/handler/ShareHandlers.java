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
import io.skiff.broker.group.GroupCoordinators;
import io.skiff.broker.group.GroupOverview;
import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.group.share.ShareGroupCoordinator;
import io.skiff.broker.group.share.ShareGroupListener;
import io.skiff.broker.group.share.ShareGroupSettings;
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.broker.share.ShareSettings;
import io.skiff.broker.share.ShareStateLog;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.GroupConfig;
import io.skiff.config.GroupConfigKeys;
import io.skiff.protocol.Errors;
import io.skiff.storage.IsolationLevel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Share groups (KIP-932) on this broker: the share-group coordinator and the share-partitions built from the
 * broker's and the groups' configuration, wired together, and their handlers registered with {@code share.version}
 * finalized at 2, as a Kafka 4.4 cluster is formatted. Stateless.
 */
public final class ShareHandlers {
    /** Kafka 4.4's share.version range; 2 is what a new 4.4 cluster finalizes. */
    public static final short SHARE_VERSION = 2;

    private ShareHandlers() {}

    /**
     * An assignment as the share-group APIs answer it (ShareGroupHeartbeat, ShareGroupDescribe): each topic's
     * partitions, topics by id and partitions in ascending order.
     */
    static SortedMap<UUID, List<Integer>> byTopic(Collection<TopicIdPartition> assignment) {
        SortedMap<UUID, List<Integer>> byTopic = new TreeMap<>();
        for (TopicIdPartition tp : assignment) {
            byTopic.computeIfAbsent(tp.topicId(), k -> new ArrayList<>()).add(tp.partition());
        }
        byTopic.values().forEach(Collections::sort);
        return byTopic;
    }

    /** The broker's share groups and share-partitions. Close it before the topics. */
    public record ShareState(ShareGroupCoordinator groups, SharePartitionManager partitions) implements AutoCloseable {
        /** Forgets every share group, share-partition and share session (the test kit's reset). */
        public void clear() {
            groups.clear();
            partitions.clear();
        }

        @Override
        public void close() {
            groups.close();
            partitions.close();
        }
    }

    /** Starts the share groups over the broker's topics and group configurations. */
    public static ShareState start(BrokerContext ctx) {
        GroupCoordinator classicAndConsumer = ctx.groupCoordinator();
        GroupConfigStore configs = classicAndConsumer.groupConfigs();
        ShareStateLog stateLog = ShareStateLog.open(ctx.topics(), ctx.clock());
        ShareStateLog.Loaded loaded = stateLog.load();
        SharePartitionManager partitions = new SharePartitionManager(
                ctx.topics(),
                groupId -> shareSettings(configs.config(groupId)),
                groupId -> configs.config(groupId).get(GroupConfigKeys.SHARE_AUTO_OFFSET_RESET),
                ctx.config().get(BrokerConfigKeys.GROUP_SHARE_MAX_SHARE_SESSIONS),
                ctx.clock(),
                stateLog);
        ShareGroupListener listener = new ShareGroupListener() {
            @Override
            public void assigned(String groupId, Collection<TopicIdPartition> assigned) {
                partitions.initialize(groupId, assigned);
            }

            @Override
            public void memberLeft(String groupId, String memberId) {
                partitions.memberLeft(groupId, memberId);
            }

            @Override
            public void groupDeleted(String groupId) {
                partitions.deleteGroup(groupId);
            }
        };
        ShareGroupCoordinator groups = new ShareGroupCoordinator(
                GroupCoordinators.topicsView(ctx.topics()),
                groupId ->
                        groupSettings(configs.config(groupId), ctx.config().get(BrokerConfigKeys.GROUP_SHARE_MAX_SIZE)),
                classicAndConsumer::hasGroup,
                listener,
                ctx.clock());
        for (String groupId : partitions.restore(loaded)) {
            groups.restore(groupId);
        }
        classicAndConsumer.shareGroups(groups::exists);
        ShareState state = new ShareState(groups, partitions);
        ctx.shareGroups(state);
        return state;
    }

    /** A group's share.* keys, whose defaults are the broker's group.share.* keys. */
    private static ShareSettings shareSettings(GroupConfig c) {
        return new ShareSettings(
                c.get(GroupConfigKeys.SHARE_RECORD_LOCK_DURATION_MS),
                c.get(GroupConfigKeys.SHARE_DELIVERY_COUNT_LIMIT),
                c.get(GroupConfigKeys.SHARE_PARTITION_MAX_RECORD_LOCKS),
                "read_committed".equals(c.get(GroupConfigKeys.SHARE_ISOLATION_LEVEL))
                        ? IsolationLevel.READ_COMMITTED
                        : IsolationLevel.READ_UNCOMMITTED);
    }

    private static ShareGroupSettings groupSettings(GroupConfig c, int maxSize) {
        return new ShareGroupSettings(
                c.get(GroupConfigKeys.SHARE_SESSION_TIMEOUT_MS),
                c.get(GroupConfigKeys.SHARE_HEARTBEAT_INTERVAL_MS),
                maxSize);
    }

    /** Share groups as ListGroups and DeleteGroups see them (type "share", protocol type "share"). */
    public static OtherGroupKinds asOtherGroupKinds(ShareState shares) {
        return new OtherGroupKinds() {
            @Override
            public List<GroupOverview> list() {
                List<GroupOverview> out = new ArrayList<>();
                shares.groups().list().forEach((id, state) -> out.add(new GroupOverview(id, "share", state, "share")));
                return out;
            }

            @Override
            public Errors delete(String groupId) {
                return shares.groups().exists(groupId) ? shares.groups().delete(groupId) : null;
            }
        };
    }

    /**
     * Registers the share APIs and finalizes {@code share.version}; with it disabled (UpdateFeatures) every one of them
     * answers UNSUPPORTED_VERSION ({@link FeatureGates}), as Kafka 4.4 does.
     */
    public static void register(HandlerRegistry registry, BrokerContext ctx, ShareState shares, Features features) {
        features.add(new Feature(FeatureGates.SHARE_VERSION, (short) 0, SHARE_VERSION, SHARE_VERSION));
        // As a Kafka 4.4 broker when the feature is turned off: every share session is closed (a client's next
        // ShareFetch in it, once the feature is back, gets SHARE_SESSION_NOT_FOUND); records stay acquired until
        // their locks expire.
        features.onChange(FeatureGates.SHARE_VERSION, level -> {
            if (level == 0) {
                shares.partitions().sessions().clear();
            }
        });
        Predicate<String> other = ctx.groupCoordinator()::hasGroup;
        registry.register(new ShareGroupHeartbeatHandler(shares.groups()));
        registry.register(new ShareGroupDescribeHandler(shares.groups(), ctx.topics(), other));
        registry.register(new ShareFetchHandler(shares.partitions(), ctx.nodeId()));
        registry.register(new ShareAcknowledgeHandler(shares.partitions(), ctx.nodeId()));
        registry.register(new DescribeShareGroupOffsetsHandler(shares.partitions()));
        registry.register(new AlterShareGroupOffsetsHandler(shares.groups(), shares.partitions()));
        registry.register(new DeleteShareGroupOffsetsHandler(shares.groups(), shares.partitions()));
    }
}
