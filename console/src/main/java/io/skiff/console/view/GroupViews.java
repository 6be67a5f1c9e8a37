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
package io.skiff.console.view;

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.GroupDescription;
import io.skiff.broker.group.GroupOverview;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.consumer.ConsumerGroupDescription;
import io.skiff.broker.group.offsets.OffsetFetchResult;
import io.skiff.broker.group.streams.StreamsGroupDescription;
import io.skiff.broker.group.streams.TaskAssignment;
import io.skiff.broker.group.streams.Tasks;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.topic.Topic;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Groups (classic, consumer, streams and share) with their members, committed offsets and lag, from the group coordinator's
 * own views (each takes its group's lock for the copy only). Stateless and thread-safe.
 */
public final class GroupViews {

    /** One line of the group list; {@code lag} sums the partitions with a committed offset. */
    public record GroupSummary(String groupId, String type, String state, String protocolType, int members, long lag) {}

    /** A member; {@code assignment} lists what it holds, as text (topic-partitions or tasks). */
    public record MemberView(String memberId, String clientId, String clientHost, String assignment) {}

    /** One partition's committed offset, end offset and lag (end - committed, never negative). */
    public record OffsetView(String topic, int partition, long committed, long endOffset, long lag) {}

    /** A group with its members and offsets. */
    public record GroupDetail(GroupSummary summary, List<MemberView> members, List<OffsetView> offsets) {}

    private final BrokerContext broker;
    private final ShareGroupViews shareGroups;

    /** A share group's record in flight: its state (ACQUIRED while a consumer holds its lock) and delivery count. */
    public record InFlightRecord(String topic, int partition, long offset, String state, int deliveryCount) {}

    /** The most in-flight records a page or an answer shows. */
    public static final int MAX_IN_FLIGHT = 500;

    public GroupViews(BrokerContext broker) {
        this.broker = broker;
        this.shareGroups = new ShareGroupViews(broker);
    }

    /** A share group's in-flight records (empty for other groups), at most {@link #MAX_IN_FLIGHT}. */
    public List<InFlightRecord> shareInFlight(String groupId) {
        return shareGroups.inFlight(groupId, MAX_IN_FLIGHT);
    }

    /** Every group, by id. */
    public List<GroupSummary> list() {
        GroupCoordinator groups = broker.groupCoordinator();
        List<GroupSummary> out = new ArrayList<>();
        for (GroupOverview o : groups.listGroups(Set.of(), Set.of())) {
            List<OffsetView> offsets = offsets(o.groupId());
            out.add(new GroupSummary(
                    o.groupId(),
                    o.groupType(),
                    o.state(),
                    o.protocolType(),
                    members(o).size(),
                    offsets.stream().mapToLong(OffsetView::lag).sum()));
        }
        out.addAll(shareGroups.list());
        out.sort(Comparator.comparing(GroupSummary::groupId));
        return out;
    }

    /** One group, if it exists. */
    public Optional<GroupDetail> detail(String groupId) {
        Optional<GroupOverview> found = broker.groupCoordinator().listGroups(Set.of(), Set.of()).stream()
                .filter(o -> o.groupId().equals(groupId))
                .findFirst();
        if (found.isEmpty()) {
            return shareGroups.detail(groupId);
        }
        GroupOverview o = found.get();
        List<MemberView> members = members(o);
        List<OffsetView> offsets = offsets(groupId);
        GroupSummary summary = new GroupSummary(
                groupId,
                o.groupType(),
                o.state(),
                o.protocolType(),
                members.size(),
                offsets.stream().mapToLong(OffsetView::lag).sum());
        return Optional.of(new GroupDetail(summary, members, offsets));
    }

    /** The group's committed offsets with the end offset and lag of each partition, by topic and partition. */
    public List<OffsetView> offsets(String groupId) {
        OffsetFetchResult fetched = broker.groupCoordinator().fetchOffsets(groupId, null, false);
        if (fetched.error() != GroupError.NONE) {
            return List.of();
        }
        Map<String, OffsetView> sorted = new TreeMap<>();
        fetched.partitions().forEach((tp, result) -> {
            if (result.offset() == null || result.error() != GroupError.NONE) {
                return;
            }
            long committed = result.offset().offset();
            long end = endOffset(tp);
            sorted.put(
                    tp.topic() + "\u0000" + String.format("%010d", tp.partition()),
                    new OffsetView(
                            tp.topic(), tp.partition(), committed, end, end < 0 ? 0 : Math.max(0, end - committed)));
        });
        return new ArrayList<>(sorted.values());
    }

    private long endOffset(TopicPartition tp) {
        Optional<Topic> topic = broker.topics().topic(tp.topic());
        if (topic.isEmpty() || !topic.get().hasPartition(tp.partition())) {
            return -1;
        }
        return topic.get().partition(tp.partition()).highWatermark();
    }

    /**
     * A streams member's tasks as Kafka names them ({@code subtopology_partition}), kind by kind:
     * {@code active 0_0, 0_1; standby 1_0}; {@code none} when it holds nothing.
     */
    static String tasks(TaskAssignment assignment) {
        List<String> kinds = new ArrayList<>();
        addTasks(kinds, "active", assignment.active());
        addTasks(kinds, "standby", assignment.standby());
        addTasks(kinds, "warm-up", assignment.warmup());
        return kinds.isEmpty() ? "none" : String.join("; ", kinds);
    }

    private static void addTasks(List<String> kinds, String kind, Tasks tasks) {
        List<String> ids = new ArrayList<>();
        new TreeMap<>(tasks.bySubtopology())
                .forEach((subtopology, partitions) ->
                        partitions.stream().sorted().forEach(p -> ids.add(subtopology + "_" + p)));
        if (!ids.isEmpty()) {
            kinds.add(kind + " " + String.join(", ", ids));
        }
    }

    private List<MemberView> members(GroupOverview o) {
        GroupCoordinator groups = broker.groupCoordinator();
        List<MemberView> out = new ArrayList<>();
        switch (o.groupType()) {
            case "consumer" -> {
                ConsumerGroupDescription d = groups.describeConsumerGroup(o.groupId());
                for (ConsumerGroupDescription.Member m : d.members()) {
                    List<String> parts = new ArrayList<>();
                    m.assignment()
                            .forEach((topic, partitions) ->
                                    partitions.stream().sorted().forEach(p -> parts.add(topic.name() + "-" + p)));
                    out.add(new MemberView(m.memberId(), m.clientId(), m.clientHost(), String.join(", ", parts)));
                }
            }
            case "streams" -> {
                StreamsGroupDescription d = groups.describeStreamsGroup(o.groupId());
                for (StreamsGroupDescription.Member m : d.members()) {
                    out.add(new MemberView(m.memberId(), m.clientId(), m.clientHost(), tasks(m.assignment())));
                }
            }
            default -> {
                GroupDescription d = groups.describeGroup(o.groupId());
                for (GroupDescription.Member m : d.members()) {
                    out.add(new MemberView(
                            m.memberId(), m.clientId(), m.clientHost(), ConsumerAssignment.describe(m.assignment())));
                }
            }
        }
        return out;
    }
}
