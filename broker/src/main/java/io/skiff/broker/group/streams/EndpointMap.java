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
package io.skiff.broker.group.streams;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The endpoint-to-partitions map every member of a streams group receives for interactive queries (Kafka's
 * EndpointToPartitionsManager): for each member with an {@code application.server} endpoint, the partitions of the
 * topics its subtopologies read (source and repartition source topics) of its active tasks, and of its standby and
 * warm-up tasks. One entry per member; the client unites the entries of an endpoint. Stateless, thread-safe.
 */
final class EndpointMap {
    private EndpointMap() {}

    static List<StreamsHeartbeatResult.EndpointPartitions> of(StreamsGroup group) {
        List<StreamsHeartbeatResult.EndpointPartitions> out = new ArrayList<>();
        ConfiguredTopology configured = group.configured();
        for (StreamsGroupMember m : group.members()) {
            if (m.userEndpoint() == null) {
                continue;
            }
            out.add(new StreamsHeartbeatResult.EndpointPartitions(
                    m.userEndpoint(),
                    partitions(configured, m.assigned().active()),
                    partitions(
                            configured, m.assigned().standby().plus(m.assigned().warmup()))));
        }
        return out;
    }

    private static Map<String, List<Integer>> partitions(ConfiguredTopology configured, Tasks tasks) {
        Map<String, List<Integer>> out = new TreeMap<>();
        if (configured == null) {
            return out;
        }
        tasks.bySubtopology().forEach((subtopology, ps) -> {
            for (String topic : configured.sourceTopics().getOrDefault(subtopology, List.of())) {
                Integer count = configured.metadata().get(topic);
                for (int p : ps) {
                    if (count == null || p < count) {
                        out.computeIfAbsent(topic, k -> new ArrayList<>()).add(p);
                    }
                }
            }
        });
        return out;
    }
}
