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
package io.skiff.broker.group.share;

import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.share.TopicIdPartition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Kafka's share-group "simple" assignor, as its behaviour is specified: every partition of a subscribed topic is
 * assigned, and a partition may go to several members, since share-group members share partitions record by record.
 * Per topic, among the members subscribed to it (in member id order): with at least as many members as partitions,
 * each member gets one partition and each partition is shared by members round-robin; with fewer members, the
 * partitions are spread round-robin so each member gets about as many. Deterministic for one membership.
 *
 * <p>Stateless and thread-safe.
 */
final class ShareAssignor {
    static final String NAME = "simple";

    private ShareAssignor() {}

    /** The assignment of each member (by id) for the members' subscriptions over the topics as they are now. */
    static Map<String, Set<TopicIdPartition>> assign(Map<String, List<String>> subscriptions, TopicsView topics) {
        Map<String, Set<TopicIdPartition>> out = new HashMap<>();
        Map<String, List<String>> membersByTopic = new TreeMap<>();
        new TreeMap<>(subscriptions).forEach((member, names) -> {
            out.put(member, new LinkedHashSet<>());
            for (String name : new LinkedHashSet<>(names)) {
                membersByTopic.computeIfAbsent(name, k -> new ArrayList<>()).add(member);
            }
        });
        membersByTopic.forEach((name, members) -> {
            Optional<TopicsView.TopicInfo> topic = topics.byName(name);
            if (topic.isEmpty() || topic.get().partitionCount() == 0) {
                return;
            }
            int partitions = topic.get().partitionCount();
            if (members.size() >= partitions) {
                for (int m = 0; m < members.size(); m++) {
                    out.get(members.get(m)).add(new TopicIdPartition(topic.get().id(), m % partitions));
                }
            } else {
                for (int p = 0; p < partitions; p++) {
                    out.get(members.get(p % members.size()))
                            .add(new TopicIdPartition(topic.get().id(), p));
                }
            }
        });
        return out;
    }
}
