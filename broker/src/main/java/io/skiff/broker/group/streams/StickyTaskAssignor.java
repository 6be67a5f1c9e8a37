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
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The broker-side task assignor of streams groups, after Kafka's StickyTaskAssignor: every active task goes to
 * exactly one member; a task stays with the member that had it (or another member of the same process) while that
 * member is under its fair share (ceil(tasks / members)); the others go to the least loaded member, balancing
 * processes first. Each task of a stateful subtopology then gets {@code numStandbyReplicas} standby replicas, each on
 * a process that has neither the active task nor another replica of it, preferring the member that already had it
 * and otherwise the least loaded one. As in Kafka 4.4, members holding a task's state (previous standbys and warm-ups,
 * then members reporting changelog offsets for it, most caught-up first) are preferred for an active task that lost
 * its owner and for the task's standbys. No warm-up tasks. Stateless, thread-safe.
 */
public final class StickyTaskAssignor {
    /** Kafka's name of the assignor (group.streams.assignor). */
    public static final String NAME = "sticky";

    private StickyTaskAssignor() {}

    /**
     * What the assignor needs of a member: its process, what it had and the offset sums it last reported for the
     * state of its tasks (subtopology -> partition -> changelog offset sum; empty if it reported none).
     */
    public record MemberSpec(
            String memberId, String processId, TaskAssignment previous, Map<String, Map<Integer, Long>> taskOffsets) {
        public MemberSpec(String memberId, String processId, TaskAssignment previous) {
            this(memberId, processId, previous, Map.of());
        }

        long offsetSum(String subtopologyId, int partition) {
            return taskOffsets.getOrDefault(subtopologyId, Map.of()).getOrDefault(partition, 0L);
        }
    }

    /** A member that holds state of a task: as a previous standby or warm-up, or only by the offsets it reports. */
    private record StandbyCandidate(MemberSpec member, boolean prevStandby, long offsetSum) {}

    /** As Kafka 4.4: previous standbys and warm-ups first, then by reported offset sum, most caught-up first. */
    private static final Comparator<StandbyCandidate> CANDIDATE_ORDER = Comparator.comparingInt(
                    (StandbyCandidate c) -> c.prevStandby() ? 0 : 1)
            .thenComparing(Comparator.comparingLong(StandbyCandidate::offsetSum).reversed());

    private record TaskId(String subtopologyId, int partition) {}

    /**
     * @param taskCounts    tasks per subtopology
     * @param stateful      the stateful subtopologies (those with changelog topics)
     * @param members       the members, in a stable order
     */
    public static Map<String, TaskAssignment> assign(
            Map<String, Integer> taskCounts, Set<String> stateful, List<MemberSpec> members, int numStandbyReplicas) {
        Map<String, TaskAssignment> out = new LinkedHashMap<>();
        if (members.isEmpty()) {
            return out;
        }
        List<TaskId> tasks = new ArrayList<>();
        new TreeMap<>(taskCounts).forEach((id, count) -> {
            for (int p = 0; p < count; p++) {
                tasks.add(new TaskId(id, p));
            }
        });
        Map<String, MemberSpec> byId = new LinkedHashMap<>();
        members.forEach(m -> byId.put(m.memberId(), m));
        Map<String, Set<TaskId>> active = new LinkedHashMap<>();
        Map<String, Set<TaskId>> standby = new LinkedHashMap<>();
        Map<String, Integer> processLoad = new HashMap<>();
        Map<String, Integer> processMembers = new HashMap<>();
        for (MemberSpec m : members) {
            active.put(
                    m.memberId(),
                    new TreeSet<>(Comparator.comparing(TaskId::subtopologyId).thenComparingInt(TaskId::partition)));
            standby.put(
                    m.memberId(),
                    new TreeSet<>(Comparator.comparing(TaskId::subtopologyId).thenComparingInt(TaskId::partition)));
            processMembers.merge(m.processId(), 1, Integer::sum);
        }
        int fairShare = (tasks.size() + members.size() - 1) / members.size();
        Map<TaskId, List<MemberSpec>> stateHolders = rankedStateHolders(members);

        // Sticky pass: previous owners keep their active tasks up to the fair share.
        List<TaskId> unassigned = new ArrayList<>();
        for (TaskId t : tasks) {
            MemberSpec owner = previousOwner(members, t, true);
            if (owner != null && active.get(owner.memberId()).size() < fairShare) {
                give(active, processLoad, owner, t);
            } else {
                unassigned.add(t);
            }
        }
        // As Kafka: a task without its previous owner goes to a member that holds its state (a previous standby or
        // warm-up, or one reporting offsets for it), the best ranked unless another is less loaded, within the share.
        List<TaskId> remaining = new ArrayList<>();
        for (TaskId t : unassigned) {
            MemberSpec holder = pick(
                    members,
                    stateHolders.get(t),
                    active,
                    processLoad,
                    processMembers,
                    Set.of(),
                    FIRST_UNLESS_BOTH_LESS);
            if (holder != null && active.get(holder.memberId()).size() < fairShare) {
                give(active, processLoad, holder, t);
            } else {
                remaining.add(t);
            }
        }
        for (TaskId t : remaining) {
            MemberSpec target =
                    pick(members, members, active, processLoad, processMembers, Set.of(), LEAST_PROCESS_THEN_MEMBER);
            give(active, processLoad, target, t);
        }

        // Standby replicas of stateful tasks, each on a process without the task.
        for (int replica = 0; replica < numStandbyReplicas; replica++) {
            for (TaskId t : tasks) {
                if (!stateful.contains(t.subtopologyId())) {
                    continue;
                }
                Set<String> excluded = new HashSet<>();
                for (MemberSpec m : members) {
                    if (active.get(m.memberId()).contains(t)
                            || standby.get(m.memberId()).contains(t)) {
                        excluded.add(m.processId());
                    }
                }
                MemberSpec previous = pick(
                        members,
                        stateHolders.get(t),
                        standby,
                        Map.of(),
                        processMembers,
                        excluded,
                        FIRST_UNLESS_BOTH_LESS);
                MemberSpec target = previous != null
                        ? previous
                        : pick(
                                members,
                                members,
                                standby,
                                new HashMap<>(),
                                processMembers,
                                excluded,
                                LEAST_PROCESS_THEN_MEMBER);
                if (target != null) {
                    standby.get(target.memberId()).add(t);
                }
            }
        }
        for (MemberSpec m : members) {
            out.put(
                    m.memberId(),
                    new TaskAssignment(tasks(active.get(m.memberId())), tasks(standby.get(m.memberId())), Tasks.EMPTY));
        }
        return out;
    }

    /**
     * Per task, the members holding its state in {@link #CANDIDATE_ORDER}: previous standbys and warm-ups (with the
     * offset sum they report for it, 0 if none), then members that only report offsets for it (state left on their
     * disk, for instance after a restart under a new member id).
     */
    private static Map<TaskId, List<MemberSpec>> rankedStateHolders(List<MemberSpec> members) {
        Map<TaskId, List<StandbyCandidate>> candidates = new HashMap<>();
        for (MemberSpec m : members) {
            Set<TaskId> held = new HashSet<>();
            for (Tasks tasks : List.of(m.previous().standby(), m.previous().warmup())) {
                tasks.bySubtopology()
                        .forEach((subtopology, partitions) -> partitions.forEach(p -> {
                            TaskId t = new TaskId(subtopology, p);
                            if (held.add(t)) {
                                candidates
                                        .computeIfAbsent(t, k -> new ArrayList<>())
                                        .add(new StandbyCandidate(m, true, m.offsetSum(subtopology, p)));
                            }
                        }));
            }
            m.taskOffsets()
                    .forEach((subtopology, offsets) -> offsets.forEach((p, sum) -> {
                        TaskId t = new TaskId(subtopology, p);
                        if (!held.contains(t)) {
                            candidates
                                    .computeIfAbsent(t, k -> new ArrayList<>())
                                    .add(new StandbyCandidate(m, false, sum));
                        }
                    }));
        }
        Map<TaskId, List<MemberSpec>> ranked = new HashMap<>();
        candidates.forEach((t, list) -> {
            list.sort(CANDIDATE_ORDER);
            ranked.put(t, list.stream().map(StandbyCandidate::member).toList());
        });
        return ranked;
    }

    private static MemberSpec previousOwner(List<MemberSpec> members, TaskId t, boolean activeOnly) {
        for (MemberSpec m : members) {
            if (m.previous().active().contains(t.subtopologyId(), t.partition())) {
                return m;
            }
        }
        return null;
    }

    private static void give(
            Map<String, Set<TaskId>> assignment, Map<String, Integer> processLoad, MemberSpec m, TaskId t) {
        assignment.get(m.memberId()).add(t);
        processLoad.merge(m.processId(), 1, Integer::sum);
    }

    /** Whether a candidate replaces the best one so far, by their loads ({@code first}: there is none so far). */
    private interface Preference {
        boolean better(boolean first, double load, int memberLoad, double bestLoad, int bestMemberLoad);
    }

    /**
     * Kafka's choice among the ranked holders of a task's state: the first one, replaced only by a later one whose
     * process and member are both less loaded.
     */
    private static final Preference FIRST_UNLESS_BOTH_LESS = (first, load, memberLoad, bestLoad, bestMemberLoad) ->
            first || (load < bestLoad && memberLoad < bestMemberLoad);

    /** The member of the least loaded process (tasks per member of the process), then the one with the fewest tasks. */
    private static final Preference LEAST_PROCESS_THEN_MEMBER = (first, load, memberLoad, bestLoad, bestMemberLoad) ->
            load < bestLoad || (load == bestLoad && memberLoad < bestMemberLoad);

    /**
     * The candidate the preference keeps, going through them in order; candidates of an excluded process are skipped
     * (null if none is left, or {@code candidates} is null). A candidate's load is its process's tasks per member of the process (counted from the
     * assignment when {@code processLoad} is empty), then its own tasks.
     */
    private static MemberSpec pick(
            List<MemberSpec> members,
            List<MemberSpec> candidates,
            Map<String, Set<TaskId>> assignment,
            Map<String, Integer> processLoad,
            Map<String, Integer> processMembers,
            Set<String> excluded,
            Preference preference) {
        if (candidates == null) {
            return null;
        }
        MemberSpec best = null;
        double bestProcessLoad = Double.MAX_VALUE;
        int bestMemberLoad = Integer.MAX_VALUE;
        for (MemberSpec m : candidates) {
            if (excluded.contains(m.processId())) {
                continue;
            }
            int processTasks = processLoad.isEmpty()
                    ? processTasks(members, assignment, m.processId())
                    : processLoad.getOrDefault(m.processId(), 0);
            double load = processTasks / (double) processMembers.get(m.processId());
            int memberLoad = assignment.get(m.memberId()).size();
            if (preference.better(best == null, load, memberLoad, bestProcessLoad, bestMemberLoad)) {
                best = m;
                bestProcessLoad = load;
                bestMemberLoad = memberLoad;
            }
        }
        return best;
    }

    private static int processTasks(List<MemberSpec> members, Map<String, Set<TaskId>> assignment, String process) {
        int n = 0;
        for (MemberSpec m : members) {
            if (m.processId().equals(process)) {
                n += assignment.get(m.memberId()).size();
            }
        }
        return n;
    }

    private static Tasks tasks(Set<TaskId> ids) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        ids.forEach(t ->
                out.computeIfAbsent(t.subtopologyId(), k -> new TreeSet<>()).add(t.partition()));
        return new Tasks(out);
    }
}
