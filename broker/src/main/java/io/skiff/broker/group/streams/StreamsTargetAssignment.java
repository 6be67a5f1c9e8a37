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

import io.skiff.broker.coordinator.CoordinatorRecordLog.KeyValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A streams group's target assignment at its group epoch, and the metadata hash its epoch records carry. */
final class StreamsTargetAssignment {
    private static final Logger LOG = LoggerFactory.getLogger(StreamsTargetAssignment.class);

    private StreamsTargetAssignment() {}

    /** The sticky assignor's target when the topology is ready, else nothing; its records go to {@code records}. */
    static void compute(StreamsGroup group, int numStandbyReplicas, long now, List<KeyValue> records) {
        ConfiguredTopology configured = group.configured();
        Map<String, Integer> taskCounts = configured == null ? Map.of() : configured.taskCounts();
        Set<String> stateful = new HashSet<>();
        if (group.topology() != null) {
            group.topology().subtopologies().stream()
                    .filter(StreamsTopology.Subtopology::isStateful)
                    .forEach(s -> stateful.add(s.subtopologyId()));
        }
        List<StickyTaskAssignor.MemberSpec> specs = new ArrayList<>();
        for (StreamsGroupMember m : group.members()) {
            specs.add(new StickyTaskAssignor.MemberSpec(
                    m.memberId(), m.processId(), m.assigned().plus(m.pendingRevocation()), m.taskOffsets()));
        }
        Map<String, TaskAssignment> target = StickyTaskAssignor.assign(taskCounts, stateful, specs, numStandbyReplicas);
        target.forEach((memberId, tasks) -> {
            if (!tasks.equals(group.targetAssignment().get(memberId))) {
                records.add(StreamsGroupRecords.targetMember(group.groupId(), memberId, tasks));
            }
        });
        group.targetAssignment(target);
        group.assignmentEpoch(group.groupEpoch());
        records.add(StreamsGroupRecords.targetEpoch(group.groupId(), group.assignmentEpoch(), now));
        LOG.info("Streams group {} assigns at epoch {}: {}", group.groupId(), group.assignmentEpoch(), target);
    }

    static long metadataHash(ConfiguredTopology configured) {
        return configured == null ? 0 : new TreeMap<>(configured.metadata()).hashCode();
    }
}
