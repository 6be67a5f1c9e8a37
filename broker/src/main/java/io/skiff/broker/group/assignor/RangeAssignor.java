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
package io.skiff.broker.group.assignor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The {@code range} assignor: per topic, the members subscribed to it (in member-id order, static members by
 * instance id first so a restarted static member gets the same range) each get a contiguous range of
 * partitions; the first {@code partitions % members} get one more. Members with the same subscriptions get
 * the same partition numbers of co-partitioned topics, as with Kafka's range assignor. Stateless,
 * thread-safe.
 */
public final class RangeAssignor implements PartitionAssignor {
    public static final String NAME = "range";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, Map<UUID, Set<Integer>>> assign(AssignmentSpec spec) {
        Map<String, Map<UUID, Set<Integer>>> out = new HashMap<>();
        spec.members().keySet().forEach(m -> out.put(m, new HashMap<>()));
        spec.topics().forEach((topicId, topic) -> {
            List<String> subscribers = new ArrayList<>();
            spec.members().forEach((id, m) -> {
                if (m.subscribedTopicIds().contains(topicId)) {
                    subscribers.add(id);
                }
            });
            if (subscribers.isEmpty()) {
                return;
            }
            subscribers.sort((a, b) -> orderKey(spec, a).compareTo(orderKey(spec, b)));
            int n = subscribers.size();
            int perMember = topic.partitionCount() / n;
            int extra = topic.partitionCount() % n;
            int next = 0;
            for (int i = 0; i < n; i++) {
                int count = perMember + (i < extra ? 1 : 0);
                if (count == 0) {
                    continue;
                }
                Set<Integer> range = new TreeSet<>();
                for (int p = next; p < next + count; p++) {
                    range.add(p);
                }
                next += count;
                out.get(subscribers.get(i)).put(topicId, range);
            }
        });
        return out;
    }

    private static String orderKey(AssignmentSpec spec, String memberId) {
        String instanceId = spec.members().get(memberId).instanceId();
        return instanceId != null ? "0" + instanceId : "1" + memberId;
    }
}
