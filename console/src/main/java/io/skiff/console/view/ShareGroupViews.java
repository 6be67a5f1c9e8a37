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

import io.skiff.broker.group.share.ShareGroupDescription;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.handler.ShareHandlers;
import io.skiff.broker.share.RecordState;
import io.skiff.broker.share.SharePartition;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.broker.topic.Topic;
import io.skiff.console.view.GroupViews.GroupDetail;
import io.skiff.console.view.GroupViews.GroupSummary;
import io.skiff.console.view.GroupViews.MemberView;
import io.skiff.console.view.GroupViews.OffsetView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Share groups (KIP-932) in the shape of the other groups: members with their assigned partitions, and per
 * share-partition its start offset (in the committed column), the partition's end offset and the share lag (records
 * not yet acknowledged or archived, Kafka's definition). Read from the share coordinator and the share-partitions,
 * each under its own lock for the copy only. Stateless and thread-safe.
 */
final class ShareGroupViews {
    private final BrokerContext broker;

    ShareGroupViews(BrokerContext broker) {
        this.broker = broker;
    }

    List<GroupSummary> list() {
        Optional<ShareHandlers.ShareState> shares = broker.shareGroups();
        if (shares.isEmpty()) {
            return List.of();
        }
        List<GroupSummary> out = new ArrayList<>();
        for (String groupId : shares.get().groups().list().keySet()) {
            detail(groupId).ifPresent(d -> out.add(d.summary()));
        }
        return out;
    }

    Optional<GroupDetail> detail(String groupId) {
        Optional<ShareHandlers.ShareState> shares = broker.shareGroups();
        if (shares.isEmpty()) {
            return Optional.empty();
        }
        Optional<ShareGroupDescription> described = shares.get().groups().describe(groupId);
        if (described.isEmpty()) {
            return Optional.empty();
        }
        List<MemberView> members = new ArrayList<>();
        for (ShareGroupDescription.Member m : described.get().members()) {
            List<String> parts = new ArrayList<>();
            for (TopicIdPartition tip : m.assignment()) {
                parts.add(name(shares.get(), tip) + "-" + tip.partition());
            }
            parts.sort(null);
            members.add(new MemberView(m.memberId(), m.clientId(), m.clientHost(), String.join(", ", parts)));
        }
        Map<String, OffsetView> offsets = new TreeMap<>();
        for (Map.Entry<TopicIdPartition, SharePartition> e :
                shares.get().partitions().ofGroup(groupId).entrySet()) {
            SharePartition sp = e.getValue();
            String topic = name(shares.get(), e.getKey());
            int partition = e.getKey().partition();
            offsets.put(
                    topic + "\u0000" + String.format("%010d", partition),
                    new OffsetView(
                            topic, partition, sp.startOffset(), sp.partition().highWatermark(), sp.lag()));
        }
        List<OffsetView> rows = new ArrayList<>(offsets.values());
        GroupSummary summary = new GroupSummary(
                groupId,
                "share",
                described.get().state(),
                "share",
                members.size(),
                rows.stream().mapToLong(OffsetView::lag).sum());
        return Optional.of(new GroupDetail(summary, members, rows));
    }

    /**
     * The group's in-flight records, share-partition by share-partition: every offset between its start and end
     * offsets that is acquired (locked by a consumer), acknowledged or archived ahead of the start, or available
     * again after a release, with its delivery count; at most {@code limit} in all.
     */
    List<GroupViews.InFlightRecord> inFlight(String groupId, int limit) {
        Optional<ShareHandlers.ShareState> shares = broker.shareGroups();
        if (shares.isEmpty()) {
            return List.of();
        }
        Map<String, GroupViews.InFlightRecord> rows = new TreeMap<>();
        for (Map.Entry<TopicIdPartition, SharePartition> e :
                shares.get().partitions().ofGroup(groupId).entrySet()) {
            SharePartition sp = e.getValue();
            String topic = name(shares.get(), e.getKey());
            int partition = e.getKey().partition();
            long end = sp.endOffset();
            for (long offset = sp.startOffset(); offset < end && rows.size() < limit; offset++) {
                RecordState state = sp.stateOf(offset);
                if (state == null) {
                    continue;
                }
                rows.put(
                        topic + "\u0000" + String.format("%010d\u0000%020d", partition, offset),
                        new GroupViews.InFlightRecord(
                                topic, partition, offset, state.name(), sp.deliveryCountOf(offset)));
            }
        }
        return new ArrayList<>(rows.values());
    }

    private static String name(ShareHandlers.ShareState shares, TopicIdPartition tip) {
        return shares.partitions()
                .topic(tip.topicId())
                .map(Topic::name)
                .orElse(tip.topicId().toString());
    }
}
