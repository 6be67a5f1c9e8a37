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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.classic.JoinGroupParams;
import io.skiff.broker.group.classic.JoinResult;
import io.skiff.broker.group.classic.SyncGroupParams;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.offsets.OffsetFetchResult;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.record.Record;
import io.skiff.record.RecordBatchView;
import io.skiff.record.RecordBatches;
import io.skiff.record.RecordReader;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The coordinator over the real {@code __consumer_offsets} topic of a TopicRegistry, across restarts. */
class ConsumerOffsetsLogTest {
    @TempDir
    Path dir;

    private BrokerConfig config() {
        return BrokerConfig.of(Map.of("log.dirs", dir.toString(), "offsets.topic.num.partitions", "5"));
    }

    @Test
    void offsetsAndGroupsSurviveRegistryRestart() throws Exception {
        TopicPartition tp = new TopicPartition("orders", 2);
        try (TopicRegistry registry = TopicRegistry.open(config(), Clock.systemUTC());
                GroupCoordinator coordinator = GroupCoordinators.start(config(), registry, Clock.systemUTC())) {
            assertTrue(registry.topic(ConsumerOffsetsLog.TOPIC).isEmpty(), "created on first use, as in Kafka");
            assertEquals(
                    GroupError.NONE,
                    coordinator
                            .commitOffsets("g", "", null, -1, Map.of(tp, OffsetAndMetadata.of(41, 2, "meta", -1)), true)
                            .join()
                            .get(tp));
            Topic offsets = registry.topic(ConsumerOffsetsLog.TOPIC).orElseThrow();
            assertTrue(offsets.isInternal());
            assertEquals(5, offsets.partitionCount());
            assertEquals("-1", offsets.config().overrides().get("retention.ms"), "offsets are never aged out");

            assertEquals(
                    GroupError.NONE,
                    coordinator
                            .commitOffsets(
                                    "g", "", null, -1, Map.of(tp, OffsetAndMetadata.of(42, 2, "meta2", -1)), true)
                            .join()
                            .get(tp));
            assertEquals(
                    GroupError.NONE,
                    coordinator
                            .commitOffsets("gone", "", null, -1, Map.of(tp, OffsetAndMetadata.of(1, -1, "", -1)), true)
                            .join()
                            .get(tp));
            assertEquals(
                    GroupError.NONE,
                    coordinator.deleteGroups(List.of("gone")).join().get("gone"));

            // the records are where Kafka would put them, in Kafka's key layout
            int partition = coordinator.partitionFor("g");
            assertEquals(Math.abs("g".hashCode()) % 5, partition);
            List<Record> records = new ArrayList<>();
            var read = offsets.partition(partition).log().read(0, 1 << 20, true);
            for (var slice : read.slices()) {
                for (RecordBatchView batch : RecordBatches.iterate(slice.readFully())) {
                    new RecordReader(batch).forEachRemaining(records::add);
                }
            }
            read.releaseAll();
            assertEquals(2, records.size());
            assertEquals(1, records.get(0).key().getShort(0), "OffsetCommitKey v1");
            assertEquals(3, records.get(0).value().getShort(0), "OffsetCommitValue v3");
        }

        try (TopicRegistry registry = TopicRegistry.open(config(), Clock.systemUTC());
                GroupCoordinator coordinator = GroupCoordinators.start(config(), registry, Clock.systemUTC())) {
            OffsetFetchResult r = coordinator.fetchOffsets("g", null, true);
            assertEquals(42, r.partitions().get(tp).offset().offset());
            assertEquals("meta2", r.partitions().get(tp).offset().metadata());
            assertEquals(2, r.partitions().get(tp).offset().leaderEpoch());
            assertEquals("Empty", coordinator.describeGroup("g").state());
            assertEquals("Dead", coordinator.describeGroup("gone").state(), "deleted groups stay deleted");
            assertNull(coordinator
                    .fetchOffsets("gone", List.of(tp), false)
                    .partitions()
                    .get(tp)
                    .offset());
        }
    }

    @Test
    void joinedGroupComesBackEmptyWithItsGeneration() throws Exception {
        try (TopicRegistry registry = TopicRegistry.open(config(), Clock.systemUTC());
                GroupCoordinator coordinator = GroupCoordinators.start(config(), registry, Clock.systemUTC())) {
            var params = new JoinGroupParams(
                    "live",
                    "",
                    null,
                    false,
                    true,
                    "c",
                    "h",
                    10_000,
                    10_000,
                    "consumer",
                    CoordinatorFixture.protocols("range"),
                    null);
            CompletableFuture<JoinResult> join = coordinator.joinGroup(params);
            JoinResult r = join.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(
                    GroupError.NONE,
                    coordinator
                            .syncGroup(new SyncGroupParams(
                                    "live", 1, r.memberId(), null, null, null, Map.of(r.memberId(), new byte[] {1})))
                            .get(30, java.util.concurrent.TimeUnit.SECONDS)
                            .error());
            assertEquals("Stable", coordinator.describeGroup("live").state());
        }
        try (TopicRegistry registry = TopicRegistry.open(config(), Clock.systemUTC());
                GroupCoordinator coordinator = GroupCoordinators.start(config(), registry, Clock.systemUTC())) {
            GroupDescription d = coordinator.describeGroup("live");
            assertEquals("Empty", d.state());
            assertEquals("consumer", d.protocolType());
            assertTrue(d.members().isEmpty());
        }
    }
}
