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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.LeaveResult;
import io.skiff.broker.group.classic.MemberIdentity;
import io.skiff.broker.group.classic.MemberProtocol;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.classic.SyncResult;
import io.skiff.broker.group.common.GroupError;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.internals.ConsumerProtocol;
import org.apache.kafka.common.TopicPartition;

/**
 * A classic consumer's side of the classic protocol against a {@link GroupCoordinator}, with its subscription
 * and assignment bytes made by kafka-clients' own ConsumerProtocol: one member of one group, on topic "t" (or
 * {@link #topics}), with the "range" protocol, static when {@link #instanceId} is set. Not thread-safe.
 */
final class ClassicConsumerClient {
    private final ConsumerGroupFixture f;
    private final String group;
    String memberId = "";
    String instanceId;
    List<String> topics = List.of("t");
    int generation = -1;
    List<TopicPartition> owned = List.of();

    ClassicConsumerClient(ConsumerGroupFixture f, String group) {
        this.f = f;
        this.group = group;
    }

    static byte[] subscription(List<TopicPartition> owned, int generation) {
        return subscription(List.of("t"), owned, generation);
    }

    static byte[] subscription(List<String> topics, List<TopicPartition> owned, int generation) {
        ByteBuffer b = ConsumerProtocol.serializeSubscription(
                new ConsumerPartitionAssignor.Subscription(topics, null, owned, generation, Optional.empty()));
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    static byte[] assignmentBytes(List<TopicPartition> partitions) {
        ByteBuffer b = ConsumerProtocol.serializeAssignment(new ConsumerPartitionAssignor.Assignment(partitions));
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    static List<TopicPartition> partitions(byte[] assignment) {
        List<TopicPartition> out = new ArrayList<>(ConsumerProtocol.deserializeAssignment(ByteBuffer.wrap(assignment))
                .partitions());
        out.sort(java.util.Comparator.comparingInt(TopicPartition::partition));
        return out;
    }

    static List<TopicPartition> tps(int... partitions) {
        List<TopicPartition> out = new ArrayList<>();
        for (int p : partitions) {
            out.add(new TopicPartition("t", p));
        }
        return out;
    }

    JoinGroupParams params() {
        return CoordinatorFixture.params(
                group,
                memberId,
                instanceId,
                List.of(new MemberProtocol("range", subscription(topics, owned, generation))));
    }

    /** JoinGroup (after MEMBER_ID_REQUIRED when new and dynamic); returns the response, parked ones not awaited. */
    JoinResult join() {
        if (memberId.isEmpty() && instanceId == null) {
            JoinResult first = f.coordinator.joinGroup(params()).join();
            assertEquals(GroupError.MEMBER_ID_REQUIRED, first.error());
            memberId = first.memberId();
        }
        java.util.concurrent.CompletableFuture<JoinResult> r = f.coordinator.joinGroup(params());
        f.scheduler.runDue();
        return joined(r.join());
    }

    /** Takes the member id and generation of a successful JoinGroup answer. */
    JoinResult joined(JoinResult result) {
        if (result.error() == GroupError.NONE) {
            memberId = result.memberId();
            generation = result.generationId();
        }
        return result;
    }

    /** SyncGroup; as the leader (of a classic group), assigns every partition of {@code t} to itself. */
    SyncResult sync(String protocolName, boolean leaderAssignsAll, int partitionCount) {
        Map<String, byte[]> assignments = Map.of();
        if (leaderAssignsAll) {
            int[] all = java.util.stream.IntStream.range(0, partitionCount).toArray();
            assignments = Map.of(memberId, assignmentBytes(tps(all)));
        }
        SyncResult r = f.coordinator
                .syncGroup(new SyncGroupParams(
                        group, generation, memberId, instanceId, "consumer", protocolName, assignments))
                .join();
        if (r.error() == GroupError.NONE) {
            owned = partitions(r.assignment());
        }
        return r;
    }

    GroupError heartbeat() {
        return f.coordinator.heartbeat(group, memberId, instanceId, generation);
    }

    LeaveResult leave() {
        return f.coordinator.leaveGroup(group, List.of(new MemberIdentity(memberId, instanceId, "bye")));
    }
}
