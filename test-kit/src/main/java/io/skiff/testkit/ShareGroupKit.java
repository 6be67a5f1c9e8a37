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
package io.skiff.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.ShareMemberDescription;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Share-group helpers of a {@link SkiffKit} ({@link SkiffKit#shareGroups()}): start a group at the earliest offset,
 * consume and acknowledge a number of records, wait for a Stable group and for no lag. Works against Skiff and Kafka
 * 4.4 alike. Records are read with String deserializers.
 *
 * <p>Thread-safe as the kit is; each consumption uses its own {@link KafkaShareConsumer}.
 */
public final class ShareGroupKit {
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Comparator<TopicPartition> BY_TOPIC_PARTITION =
            Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

    private final SkiffKit kit;

    ShareGroupKit(SkiffKit kit) {
        this.kit = kit;
    }

    /**
     * Sets the group's {@code share.auto.offset.reset} to earliest, so that it reads the records produced before it
     * first read a partition (Kafka's default, latest, skips them). Call it before the group's first consumer polls.
     */
    public void readFromEarliest(String groupId) {
        ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, groupId);
        AlterConfigOp earliest =
                new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET);
        SkiffKit.get(
                kit.admin()
                        .incrementalAlterConfigs(Map.of(group, List.of(earliest)))
                        .all(),
                "setting share.auto.offset.reset of " + groupId);
    }

    /** Share consumer properties: bootstrap servers, the group, String deserializers, explicit acknowledgement. */
    public Map<String, Object> consumerProperties(String groupId) {
        return Map.of(
                "bootstrap.servers", kit.bootstrapServers(),
                "group.id", groupId,
                "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", StringDeserializer.class.getName(),
                "share.acknowledgement.mode", "explicit");
    }

    /** A new String share consumer in {@code groupId} with explicit acknowledgement; the caller closes it. */
    public KafkaShareConsumer<String, String> newConsumer(String groupId) {
        return new KafkaShareConsumer<>(consumerProperties(groupId));
    }

    /**
     * Joins {@code groupId}, reads {@code count} records of {@code topic} and accepts them (they are never delivered
     * to the group again); records delivered beyond {@code count} are released for the group's other consumers.
     * Returns the accepted records in the order they came.
     *
     * @throws AssertionError naming how many came when fewer than {@code count} arrive within {@code timeout} (those
     *     that came are accepted all the same)
     */
    public List<ConsumerRecord<String, String>> consumeAndAcknowledge(
            String groupId, String topic, int count, Duration timeout) {
        List<ConsumerRecord<String, String>> accepted = new ArrayList<>();
        try (KafkaShareConsumer<String, String> consumer = newConsumer(groupId)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (accepted.size() < count && System.nanoTime() - deadline < 0) {
                for (ConsumerRecord<String, String> r : consumer.poll(POLL)) {
                    if (accepted.size() < count) {
                        consumer.acknowledge(r, AcknowledgeType.ACCEPT);
                        accepted.add(r);
                    } else {
                        consumer.acknowledge(r, AcknowledgeType.RELEASE);
                    }
                }
                consumer.commitSync();
            }
        }
        if (accepted.size() < count) {
            throw new AssertionError("Share group " + groupId + " read " + accepted.size() + " of " + count
                    + " records of " + topic + " within " + timeout);
        }
        return accepted;
    }

    /**
     * Waits until the share group is Stable with exactly {@code members} members, and returns each member's
     * assigned partitions by member id.
     *
     * @throws AssertionError naming the last state seen when that does not happen in time
     */
    public Map<String, Set<TopicPartition>> awaitStable(String groupId, int members, Duration timeout) {
        ShareGroupDescription stable = SkiffKit.await(timeout, () -> {
            ShareGroupDescription d = describe(groupId);
            return d != null
                            && d.groupState() == GroupState.STABLE
                            && d.members().size() == members
                    ? d
                    : null;
        });
        if (stable == null) {
            ShareGroupDescription seen = describe(groupId);
            throw new AssertionError("Share group " + groupId + " is not Stable with " + members + " members within "
                    + timeout + ": "
                    + (seen == null
                            ? "it does not exist"
                            : seen.groupState() + " with " + seen.members().size()));
        }
        Map<String, Set<TopicPartition>> assignment = new TreeMap<>();
        for (ShareMemberDescription m : stable.members()) {
            assignment.put(m.consumerId(), Set.copyOf(m.assignment().topicPartitions()));
        }
        return assignment;
    }

    /**
     * The share group's lag per partition as the broker reports it (records from the group's start offset on that
     * are not yet acknowledged or archived), for the partitions it has state for; empty for an unknown group.
     */
    public Map<TopicPartition, Long> lag(String groupId) {
        Map<TopicPartition, SharePartitionOffsetInfo> offsets;
        try {
            offsets = SkiffKit.get(
                    kit.admin()
                            .listShareGroupOffsets(Map.of(groupId, new ListShareGroupOffsetsSpec()))
                            .partitionsToOffsetInfo(groupId),
                    "share group offsets of " + groupId);
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return Map.of();
            }
            throw e;
        }
        Map<TopicPartition, Long> lag = new TreeMap<>(BY_TOPIC_PARTITION);
        offsets.forEach((tp, info) -> {
            if (info != null && info.lag().isPresent()) {
                lag.put(tp, info.lag().get());
            }
        });
        return lag;
    }

    /**
     * Waits until the share group has state for at least one partition and no lag on any: everything produced so far
     * is acknowledged or archived.
     *
     * @throws AssertionError with the remaining lag per partition when that does not happen in time
     */
    public void awaitZeroLag(String groupId, Duration timeout) {
        Map<TopicPartition, Long> done = SkiffKit.await(timeout, () -> {
            Map<TopicPartition, Long> lag = lag(groupId);
            return !lag.isEmpty() && lag.values().stream().allMatch(l -> l == 0) ? lag : null;
        });
        if (done == null) {
            throw new AssertionError("Share group " + groupId + " still lags after " + timeout + ": " + lag(groupId));
        }
    }

    private ShareGroupDescription describe(String groupId) {
        Collection<ShareGroupDescription> described;
        try {
            described = SkiffKit.get(
                            kit.admin().describeShareGroups(List.of(groupId)).all(),
                            "describing share group " + groupId)
                    .values();
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return null;
            }
            throw e;
        }
        for (ShareGroupDescription d : described) {
            if (d.groupState() != GroupState.DEAD) {
                return d;
            }
        }
        return null;
    }
}
