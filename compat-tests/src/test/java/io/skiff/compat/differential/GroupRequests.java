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
package io.skiff.compat.differential;

import static io.skiff.compat.differential.HandWrittenCorpus.list;

import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * Group requests that the differential corpora and tests send alike, built as the Java client builds them.
 *
 * <p>Stateless.
 */
final class GroupRequests {
    private GroupRequests() {}

    /** {@code member}'s first ConsumerGroupHeartbeat (epoch 0), subscribed to {@code topic} and owning nothing yet. */
    static ConsumerGroupHeartbeatRequest consumerJoin(String group, String member, String topic) {
        return new ConsumerGroupHeartbeatRequest()
                .setGroupId(group)
                .setMemberId(member)
                .setMemberEpoch(0)
                .setRebalanceTimeoutMs(30_000)
                .setSubscribedTopicNames(list(topic))
                .setTopicPartitions(new ArrayList<>());
    }

    /**
     * An OffsetCommit of {@code offset} for {@code partitions} of {@code topic}: a simple one with generation -1 and
     * no member, or one of a generation (or member epoch) and member.
     */
    static OffsetCommitRequest commit(
            String group, int generation, String member, String topic, long offset, int... partitions) {
        List<OffsetCommitRequest.OffsetCommitRequestPartition> committed = new ArrayList<>();
        for (int partition : partitions) {
            committed.add(new OffsetCommitRequest.OffsetCommitRequestPartition()
                    .setPartitionIndex(partition)
                    .setCommittedOffset(offset));
        }
        return new OffsetCommitRequest()
                .setGroupId(group)
                .setGenerationIdOrMemberEpoch(generation)
                .setMemberId(member)
                .setTopics(list(new OffsetCommitRequest.OffsetCommitRequestTopic()
                        .setName(topic)
                        .setPartitions(committed)));
    }
}
