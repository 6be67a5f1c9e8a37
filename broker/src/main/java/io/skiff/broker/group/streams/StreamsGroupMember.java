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

import io.skiff.broker.group.common.AssignmentEpochs;
import io.skiff.broker.group.common.EpochMember;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A member of a streams group (one Kafka Streams consumer, i.e. one stream thread): its identity, process,
 * interactive-query endpoint, client tags, epochs, reconciliation state, the tasks it owns and those it must still
 * revoke, and its timers. Not thread-safe: used under its group's lock.
 */
public final class StreamsGroupMember extends EpochMember {

    /** Kafka's MemberState of streams members (the value is what its record stores). */
    public enum State {
        STABLE(1, "STABLE"),
        UNREVOKED_TASKS(2, "UNREVOKED_TASKS"),
        UNRELEASED_TASKS(3, "UNRELEASED_TASKS");

        private final byte value;
        private final String displayName;

        State(int value, String displayName) {
            this.value = (byte) value;
            this.displayName = displayName;
        }

        public byte value() {
            return value;
        }

        public String displayName() {
            return displayName;
        }

        public static State of(byte value) {
            for (State s : values()) {
                if (s.value == value) {
                    return s;
                }
            }
            return STABLE;
        }
    }

    /** An interactive-query endpoint ({@code application.server}). */
    public record Endpoint(String host, int port) {}

    private int topologyEpoch;
    private String processId = "";
    private Endpoint userEndpoint;
    private Map<String, String> clientTags = Map.of();
    // Only in memory, as in Kafka 4.4: the assignor's ranking of state holders reads them; a restart forgets them
    // until the member's next report.
    private Map<String, Map<Integer, Long>> taskOffsets = Map.of();
    private Map<String, Map<Integer, Long>> taskEndOffsets = Map.of();
    private State state = State.STABLE;
    private TaskAssignment assigned = TaskAssignment.EMPTY;
    private TaskAssignment pendingRevocation = TaskAssignment.EMPTY;
    /** The epoch at which each active task of {@link #assigned} was given to the member (by subtopology). */
    private AssignmentEpochs<String> activeEpochs = AssignmentEpochs.empty();
    /** The epoch at which each active task of {@link #pendingRevocation} was given to the member. */
    private AssignmentEpochs<String> pendingActiveEpochs = AssignmentEpochs.empty();

    public StreamsGroupMember(String memberId) {
        super(memberId, -1);
    }

    /**
     * A static member's successor under {@code newMemberId} (a rejoin with the same {@code group.instance.id}): its
     * metadata and tasks (the active ones at the epochs it was given them at), at epoch 0 as Kafka 4.4 restarts it;
     * no timers.
     */
    public StreamsGroupMember successor(String newMemberId) {
        StreamsGroupMember next = new StreamsGroupMember(newMemberId);
        next.instanceId(instanceId());
        next.rackId(rackId());
        next.client(clientId(), clientHost());
        next.rebalanceTimeoutMs(rebalanceTimeoutMs());
        next.topologyEpoch = topologyEpoch;
        next.processId = processId;
        next.userEndpoint = userEndpoint;
        next.clientTags = clientTags;
        next.restoreEpochs(0, 0);
        next.restoreTasks(state, assigned, pendingRevocation, activeEpochs, pendingActiveEpochs);
        return next;
    }

    /** Applies what a heartbeat sent; true if something the assignment depends on changed. */
    public boolean update(StreamsHeartbeat req) {
        boolean changed = false;
        if (req.topology() != null) {
            topologyEpoch = req.topology().epoch();
        }
        if (req.taskOffsets() != null) {
            taskOffsets = req.taskOffsets();
        }
        if (req.taskEndOffsets() != null) {
            taskEndOffsets = req.taskEndOffsets();
        }
        if (req.processId() != null && !req.processId().equals(processId)) {
            processId = req.processId();
            changed = true;
        }
        if (req.userEndpoint() != null && !req.userEndpoint().equals(userEndpoint)) {
            userEndpoint = req.userEndpoint();
            changed = true;
        }
        if (req.clientTags() != null && !req.clientTags().equals(clientTags)) {
            clientTags(req.clientTags());
            changed = true;
        }
        if (req.rackId() != null && !Objects.equals(req.rackId(), rackId())) {
            rackId(req.rackId());
            changed = true;
        }
        if (req.instanceId() != null) {
            instanceId(req.instanceId());
        }
        if (req.rebalanceTimeoutMs() != -1) {
            rebalanceTimeoutMs(req.rebalanceTimeoutMs());
        }
        if (req.memberEpoch() == StreamsHeartbeat.JOIN_EPOCH || clientId().isEmpty()) {
            client(req.clientId(), req.clientHost());
        }
        return changed;
    }

    public int topologyEpoch() {
        return topologyEpoch;
    }

    public void topologyEpoch(int epoch) {
        this.topologyEpoch = epoch;
    }

    public String processId() {
        return processId;
    }

    public void processId(String processId) {
        this.processId = processId;
    }

    public Endpoint userEndpoint() {
        return userEndpoint;
    }

    public void userEndpoint(Endpoint endpoint) {
        this.userEndpoint = endpoint;
    }

    /** The changelog offset sums the member last reported, subtopology -> partition -> sum. */
    public Map<String, Map<Integer, Long>> taskOffsets() {
        return taskOffsets;
    }

    /** The changelog end offset sums the member last reported, subtopology -> partition -> sum. */
    public Map<String, Map<Integer, Long>> taskEndOffsets() {
        return taskEndOffsets;
    }

    public Map<String, String> clientTags() {
        return clientTags;
    }

    public void clientTags(Map<String, String> tags) {
        this.clientTags = Map.copyOf(tags);
    }

    public State state() {
        return state;
    }

    public TaskAssignment assigned() {
        return assigned;
    }

    public TaskAssignment pendingRevocation() {
        return pendingRevocation;
    }

    /**
     * The member's new reconciled position: epoch, state, owned tasks and tasks it must revoke. An active task it
     * already held keeps the epoch it was given at (also when it moves to pending revocation); one new to it is
     * given at {@code epoch}. Standby and warm-up tasks have no epochs: they commit nothing.
     */
    public void reconciled(int epoch, State state, TaskAssignment assigned, TaskAssignment pendingRevocation) {
        updateEpoch(epoch);
        AssignmentEpochs<String> heldBefore = activeEpochs;
        restoreTasks(
                state,
                assigned,
                pendingRevocation,
                AssignmentEpochs.keeping(assigned.active().bySubtopology(), List.of(heldBefore), epoch),
                AssignmentEpochs.keeping(
                        pendingRevocation.active().bySubtopology(), List.of(pendingActiveEpochs, heldBefore), epoch));
    }

    /** Sets the state and the tasks, the active ones at the epochs they were given at (replay). */
    public void restoreTasks(
            State state,
            TaskAssignment assigned,
            TaskAssignment pendingRevocation,
            AssignmentEpochs<String> activeEpochs,
            AssignmentEpochs<String> pendingActiveEpochs) {
        this.state = state;
        this.assigned = assigned;
        this.pendingRevocation = pendingRevocation;
        this.activeEpochs = activeEpochs;
        this.pendingActiveEpochs = pendingActiveEpochs;
    }

    /** The epochs the member's active tasks were given at. */
    public AssignmentEpochs<String> activeEpochs() {
        return activeEpochs;
    }

    /** The epochs the active tasks the member must revoke were given at. */
    public AssignmentEpochs<String> pendingActiveEpochs() {
        return pendingActiveEpochs;
    }

    /**
     * The epoch the member was given the active task at, among its assigned tasks and then those it must revoke;
     * null if it has neither.
     */
    public Integer activeTaskEpoch(String subtopologyId, int partition) {
        Integer epoch = activeEpochs.epochOf(subtopologyId, partition);
        return epoch != null ? epoch : pendingActiveEpochs.epochOf(subtopologyId, partition);
    }

    /**
     * A static member that leaves for a while keeps its active tasks for its next instance, which starts at epoch 0:
     * as in Kafka, they count as given at epoch 0, so that instance may commit their offsets.
     */
    public void resetActiveEpochs() {
        activeEpochs = AssignmentEpochs.of(assigned.active().bySubtopology(), (s, p) -> 0);
    }
}
