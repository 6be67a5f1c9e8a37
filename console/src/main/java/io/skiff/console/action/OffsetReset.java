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
package io.skiff.console.action;

import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.share.ShareGroupCoordinator;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.handler.ShareHandlers;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.Topic;
import io.skiff.console.view.GroupViews;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Resets a group's committed offsets of one topic, as {@code kafka-consumer-groups --reset-offsets} does: to the
 * earliest or latest offset, an offset, or a timestamp; a dry run shows the plan, an execution commits it. Only a
 * group without members (Empty or Dead), as the tool requires. For a share group it does what
 * {@code kafka-share-groups --reset-offsets} (AlterShareGroupOffsets) does: moves each share-partition's start
 * offset and forgets its in-flight records. Stateless and thread-safe.
 */
public final class OffsetReset {
    /** One partition of the plan. */
    public record Planned(String topic, int partition, long current, long target) {}

    private final BrokerContext broker;
    private final GroupViews groups;

    public OffsetReset(BrokerContext broker, GroupViews groups) {
        this.broker = broker;
        this.groups = groups;
    }

    /**
     * The plan, committed unless {@code dryRun}.
     *
     * @param to {@code earliest}, {@code latest}, {@code offset} or {@code timestamp}
     * @param at the offset or timestamp (epoch ms) for the last two
     */
    public List<Planned> reset(String groupId, String topicName, String to, long at, boolean dryRun) {
        Topic topic = broker.topics()
                .topic(topicName)
                .orElseThrow(() -> new ActionException("Topic " + topicName + " does not exist."));
        GroupViews.GroupDetail group = groups.detail(groupId).orElse(null);
        boolean share = group != null && group.summary().type().equals("share");
        if (share) {
            ShareGroupCoordinator.OffsetsRefusal refusal = shareState().groups().refuseOffsetChange(groupId, false);
            if (refusal != null) {
                throw new ActionException(refusal.message());
            }
        } else if (group != null
                && !group.summary().state().equalsIgnoreCase("Empty")
                && !group.summary().state().equalsIgnoreCase("Dead")) {
            throw new ActionException("Assignments can only be reset if the group '" + groupId
                    + "' is inactive, but the current state is "
                    + group.summary().state() + ".");
        }
        Map<Integer, Long> current = new LinkedHashMap<>();
        if (group != null) {
            for (GroupViews.OffsetView o : group.offsets()) {
                if (o.topic().equals(topicName)) {
                    current.put(o.partition(), o.committed());
                }
            }
        }
        List<Planned> plan = new ArrayList<>();
        Map<TopicPartition, OffsetAndMetadata> commit = new LinkedHashMap<>();
        long now = broker.clock().millis();
        for (Partition p : topic.partitions()) {
            long target = target(p, to, at);
            plan.add(new Planned(topicName, p.index(), current.getOrDefault(p.index(), -1L), target));
            commit.put(new TopicPartition(topicName, p.index()), OffsetAndMetadata.of(target, -1, "", now));
        }
        if (!dryRun && share) {
            resetShareStart(groupId, topic, plan);
        } else if (!dryRun) {
            commit(groupId, commit);
        }
        return plan;
    }

    private static long target(Partition p, String to, long at) {
        long start = p.logStartOffset();
        long end = p.highWatermark();
        return switch (to) {
            case "earliest" -> start;
            case "latest" -> end;
            case "offset" -> Math.max(start, Math.min(end, at));
            case "timestamp" -> p.offsetForTimestamp(at).map(t -> t.offset()).orElse(end);
            default ->
                throw new ActionException(
                        "Unknown reset target " + to + ": use earliest, latest, offset or timestamp.");
        };
    }

    private ShareHandlers.ShareState shareState() {
        return broker.shareGroups().orElseThrow(() -> new ActionException("Share groups are not running."));
    }

    /** As the broker's AlterShareGroupOffsets handler does for each partition. */
    private void resetShareStart(String groupId, Topic topic, List<Planned> plan) {
        ShareHandlers.ShareState state = shareState();
        for (Planned p : plan) {
            state.partitions()
                    .sharePartition(
                            groupId, new TopicIdPartition(topic.id(), p.partition()), topic.partition(p.partition()))
                    .resetStart(p.target());
        }
    }

    private void commit(String groupId, Map<TopicPartition, OffsetAndMetadata> offsets) {
        Map<TopicPartition, GroupError> errors;
        try {
            errors = broker.groupCoordinator()
                    .commitOffsets(groupId, "", null, -1, offsets, false)
                    .get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ActionException("interrupted while committing the offsets");
        } catch (ExecutionException | TimeoutException e) {
            throw new ActionException("committing the offsets failed: " + e);
        }
        for (Map.Entry<TopicPartition, GroupError> e : errors.entrySet()) {
            if (e.getValue() != GroupError.NONE) {
                throw new ActionException("Committing the offset of "
                        + e.getKey().topic() + "-" + e.getKey().partition() + " failed: " + e.getValue());
            }
        }
    }
}
