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
package io.skiff.broker.group.consumer;

import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.group.record.ConsumerProtocolAssignment;
import io.skiff.broker.group.record.ConsumerProtocolSubscription;
import io.skiff.protocol.ByteBufferAccessor;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The consumer protocol embedded in the classic protocol's bytes (Kafka's ConsumerProtocol): a JoinGroup
 * protocol's metadata is an int16 version and a ConsumerProtocolSubscription, a SyncGroup assignment an int16
 * version and a ConsumerProtocolAssignment. Versions above the highest known (3) are read as 3, as Kafka's
 * client does (later versions only append fields). Topic names are mapped to ids by a {@link TopicsView};
 * unknown topics are left out. Stateless, thread-safe.
 */
public final class EmbeddedConsumerProtocol {
    private static final short HIGHEST_VERSION = 3;

    private EmbeddedConsumerProtocol() {}

    /** A classic consumer's subscription, as its JoinGroup sent it. */
    public record Subscription(
            List<String> topics, List<TopicPartition> ownedPartitions, int generationId, String rackId) {}

    /** @throws IllegalArgumentException if the bytes are not a consumer protocol subscription */
    public static Subscription subscription(byte[] metadata) {
        try {
            ByteBufferAccessor in = new ByteBufferAccessor(ByteBuffer.wrap(metadata));
            short version = readVersion(in);
            ConsumerProtocolSubscription s = new ConsumerProtocolSubscription(in, version);
            List<TopicPartition> owned = new ArrayList<>();
            for (ConsumerProtocolSubscription.TopicPartition tp : s.ownedPartitions()) {
                tp.partitions().forEach(p -> owned.add(new TopicPartition(tp.topic(), p)));
            }
            return new Subscription(List.copyOf(s.topics()), owned, s.generationId(), s.rackId());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Malformed consumer protocol subscription: " + e.getMessage(), e);
        }
    }

    /** The version of a serialized subscription or assignment (what the member's client speaks). */
    public static short version(byte[] metadata) {
        if (metadata == null || metadata.length < 2) {
            return 0;
        }
        short v = ByteBuffer.wrap(metadata).getShort();
        return v < 0 ? 0 : (short) Math.min(v, HIGHEST_VERSION);
    }

    /**
     * The partitions of a serialized assignment, by topic id; an empty array is an empty assignment (a member
     * that never synced).
     *
     * @throws IllegalArgumentException if the bytes are not a consumer protocol assignment
     */
    public static MemberAssignment assignment(byte[] bytes, TopicsView topics) {
        if (bytes == null || bytes.length == 0) {
            return MemberAssignment.EMPTY;
        }
        try {
            ByteBufferAccessor in = new ByteBufferAccessor(ByteBuffer.wrap(bytes));
            short version = readVersion(in);
            ConsumerProtocolAssignment a = new ConsumerProtocolAssignment(in, version);
            Map<UUID, Set<Integer>> out = new HashMap<>();
            for (ConsumerProtocolAssignment.TopicPartition tp : a.assignedPartitions()) {
                topics.byName(tp.topic())
                        .ifPresent(t -> out.computeIfAbsent(t.id(), k -> new TreeSet<>())
                                .addAll(tp.partitions()));
            }
            return new MemberAssignment(out);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Malformed consumer protocol assignment: " + e.getMessage(), e);
        }
    }

    /** Serializes an assignment (topics by name, in name order) at {@code version}, with no user data. */
    public static byte[] serializeAssignment(MemberAssignment assignment, short version, TopicsView topics) {
        Map<String, List<Integer>> byName = new java.util.TreeMap<>();
        assignment
                .partitions()
                .forEach((id, ps) -> topics.byId(id).ifPresent(t -> byName.put(t.name(), List.copyOf(ps))));
        List<ConsumerProtocolAssignment.TopicPartition> tps = new ArrayList<>();
        byName.forEach((name, ps) -> tps.add(
                new ConsumerProtocolAssignment.TopicPartition().setTopic(name).setPartitions(ps)));
        ConsumerProtocolAssignment value = new ConsumerProtocolAssignment().setAssignedPartitions(tps);
        short v = (short) Math.max(0, Math.min(version, HIGHEST_VERSION));
        ByteBuffer buf = ByteBuffer.allocate(2 + value.size(v));
        buf.putShort(v);
        value.write(new ByteBufferAccessor(buf), v);
        return buf.array();
    }

    /** Partitions named by topic, as topic ids ({@code null} stays null: "not known"). */
    public static MemberAssignment byTopicId(List<TopicPartition> partitions, TopicsView topics) {
        if (partitions == null) {
            return null;
        }
        Map<UUID, Set<Integer>> out = new HashMap<>();
        for (TopicPartition tp : partitions) {
            topics.byName(tp.topic())
                    .ifPresent(t ->
                            out.computeIfAbsent(t.id(), k -> new TreeSet<>()).add(tp.partition()));
        }
        return new MemberAssignment(out);
    }

    private static short readVersion(ByteBufferAccessor in) {
        short version = in.readShort();
        if (version < 0) {
            throw new IllegalArgumentException("negative version " + version);
        }
        return (short) Math.min(version, HIGHEST_VERSION);
    }
}
