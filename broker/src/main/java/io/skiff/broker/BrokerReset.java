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

import io.skiff.broker.control.TestControl;
import io.skiff.broker.extension.Extensions;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.GroupOverview;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.handler.ShareHandlers;
import io.skiff.broker.topic.DynamicBrokerConfigs;
import io.skiff.broker.topic.EligibleLeaderReplicasConfigs;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.broker.topic.UnknownTopicException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link SkiffServer#reset()}: empties a running broker between tests (topics, groups and their configs, share state,
 * faults, a paused clock, stopped simulated nodes, the extensions' state) and returns the dynamic broker configs to a
 * new cluster's (with eligible leader replicas on, Kafka's cluster default of min.insync.replicas).
 *
 * <p>Stateless; thread-safe as the parts it calls are.
 */
final class BrokerReset {
    private BrokerReset() {}

    /** See {@link SkiffServer#reset()}; {@code nodes} is null with one node. */
    static void run(
            SimulatedNodes nodes,
            TestControl control,
            Extensions extensions,
            TopicRegistry topics,
            EligibleLeaderReplicasConfigs elr,
            GroupCoordinator groups,
            ShareHandlers.ShareState shares) {
        if (nodes != null) {
            nodes.ids().forEach(nodes::start); // a simulated cluster's stopped nodes run again
        }
        control.clearFaults();
        control.clock().resume();
        extensions.reset();
        for (String name : userTopicNames(topics)) {
            try {
                topics.deleteTopic(name);
            } catch (UnknownTopicException deletedMeanwhile) {
                // another thread or a client deleted it: the goal is reached
            }
        }
        List<String> groupIds = groups.listGroups(Set.of(), Set.of()).stream()
                .map(GroupOverview::groupId)
                .toList();
        Map<String, GroupError> results = groups.deleteGroups(groupIds).join();
        groups.groupConfigs().clear();
        Map<String, String> freshDefault = elr.freshClusterDefault();
        topics.dynamicConfigs()
                .replaceBoth(layers ->
                        layers.perBroker().isEmpty() && layers.clusterDefault().equals(freshDefault)
                                ? null
                                : new DynamicBrokerConfigs.Layers(freshDefault, Map.of()));
        shares.clear();
        List<String> remaining = results.entrySet().stream()
                .filter(e -> e.getValue() != GroupError.NONE && e.getValue() != GroupError.GROUP_ID_NOT_FOUND)
                .map(e -> e.getKey() + " (" + e.getValue() + ")")
                .sorted()
                .toList();
        if (!remaining.isEmpty()) {
            throw new IllegalStateException("reset() could not delete groups that still have members; close their"
                    + " consumers before resetting: " + remaining);
        }
    }

    private static List<String> userTopicNames(TopicRegistry topics) {
        return topics.topics().stream()
                .filter(t -> !t.isInternal())
                .map(Topic::name)
                .toList();
    }
}
