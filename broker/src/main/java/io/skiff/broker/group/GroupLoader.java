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
package io.skiff.broker.group;

import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.classic.ClassicGroup;
import io.skiff.broker.group.classic.GroupState;
import io.skiff.broker.group.common.GroupMetadataSnapshot;
import io.skiff.broker.group.common.GroupRecord;
import io.skiff.broker.group.common.GroupRecordCodec;
import io.skiff.broker.group.common.GroupRegistry;
import io.skiff.broker.group.consumer.ConsumerGroup;
import io.skiff.broker.group.consumer.ConsumerGroupManager;
import io.skiff.broker.group.offsets.CommittedOffsets;
import io.skiff.broker.group.offsets.OffsetManager;
import io.skiff.broker.group.streams.StreamsGroup;
import io.skiff.broker.group.streams.StreamsGroupManager;
import io.skiff.broker.group.streams.StreamsGroupReplay;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Clock;

/**
 * The group coordinator's start: replays {@code __consumer_offsets} into the registry. Classic groups return Empty,
 * keeping generation, protocol type and offsets; consumer and streams groups return with their members, epochs and
 * assignments, their managers resuming their timers; offsets of open transactions wait for their markers.
 *
 * <p>Runs once, on the starting thread, before any request.
 */
final class GroupLoader {
    private final GroupRegistry groups;
    private final CommittedOffsets committed;
    private final OffsetManager offsets;
    private final ConsumerGroupManager consumerGroups;
    private final StreamsGroupManager streamsGroups;
    private final Clock clock;

    GroupLoader(
            GroupRegistry groups,
            CommittedOffsets committed,
            OffsetManager offsets,
            ConsumerGroupManager consumerGroups,
            StreamsGroupManager streamsGroups,
            Clock clock) {
        this.groups = groups;
        this.committed = committed;
        this.offsets = offsets;
        this.consumerGroups = consumerGroups;
        this.streamsGroups = streamsGroups;
        this.clock = clock;
    }

    /** Replays {@code recordLog}; returns how many records it read. */
    int load(CoordinatorRecordLog recordLog) {
        GroupReplay replay = new GroupReplay();
        StreamsGroupReplay streamsReplay = new StreamsGroupReplay();
        int[] count = {0};
        try {
            recordLog.replay(new CoordinatorRecordLog.RecordVisitor() {
                @Override
                public void onRecord(ByteBuffer key, ByteBuffer value) {
                    count[0]++;
                    if (!streamsReplay.apply(key, value)) {
                        GroupRecordCodec.decode(key, value).ifPresent(replay::apply);
                    }
                }

                @Override
                public void onOpenTransactionalRecord(long producerId, ByteBuffer key, ByteBuffer value) {
                    count[0]++;
                    GroupRecordCodec.decode(key, value).ifPresent(r -> {
                        if (r instanceof GroupRecord.OffsetCommit oc && oc.value() != null) {
                            offsets.restorePending(oc.groupId(), producerId, oc.partition(), oc.value());
                            replay.openTransactionalOffsets(oc.groupId());
                        }
                    });
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot replay __consumer_offsets", e);
        }
        replay.offsets().forEach((id, m) -> committed.of(id).offsets().putAll(m));
        for (ConsumerGroup group : replay.consumerGroups()) {
            groups.put(group);
            consumerGroups.resumeAfterLoad(group);
        }
        for (StreamsGroup group : streamsReplay.groups()) {
            groups.put(group);
            streamsGroups.resumeAfterLoad(group);
        }
        restoreClassicGroups(replay, clock.millis());
        return count[0];
    }

    private void restoreClassicGroups(GroupReplay replay, long now) {
        for (String id : replay.classicGroupIds()) {
            if (groups.get(id) != null) {
                continue;
            }
            ClassicGroup group = new ClassicGroup(id, GroupState.EMPTY, now);
            GroupMetadataSnapshot meta = replay.classicMetadata(id);
            if (meta != null) {
                group.generationId(meta.generation());
                group.protocolType(
                        meta.protocolType() == null || meta.protocolType().isEmpty() ? null : meta.protocolType());
                // A group that had members was active at shutdown: its "empty since" is now, not then.
                group.currentStateTimestamp(
                        meta.members().isEmpty() && meta.currentStateTimestamp() >= 0
                                ? meta.currentStateTimestamp()
                                : now);
            }
            group.recomputeSubscribedTopics();
            groups.put(group);
        }
    }
}
