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
package io.skiff.broker.txn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.broker.group.ConsumerOffsetsLog;
import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.GroupCoordinators;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.group.offsets.OffsetFetchResult;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Offsets committed inside transactions, over the real {@code __consumer_offsets} of a TopicRegistry and the
 * transaction markers the coordinator writes: they are in the log as the producer's transactional records from
 * TxnOffsetCommit on, so a restart before the transaction ends keeps them pending, and the marker (before or after
 * the restart) commits or drops them, as in Kafka.
 */
class TransactionalOffsetsLogTest {
    private static final TopicPartition IN = new TopicPartition("input", 0);
    private static final long COMMITTED = 7000L;
    private static final long ABORTED = 7001L;
    private static final long OPEN = 7002L;
    private static final short EPOCH = 0;

    @TempDir
    Path dir;

    private BrokerConfig config() {
        return BrokerConfig.of(Map.of("log.dirs", dir.toString(), "offsets.topic.num.partitions", "3"));
    }

    /** A restartable broker's registry and group coordinator, with the markers of the transaction coordinator. */
    private final class Broker implements AutoCloseable {
        final TopicRegistry registry = TopicRegistry.open(config(), Clock.systemUTC());
        final GroupCoordinator groups = GroupCoordinators.start(config(), registry, Clock.systemUTC());
        final PartitionMarkers markers = new PartitionMarkers(registry, groups::completeTransaction, Clock.systemUTC());

        Broker() throws Exception {}

        void commitInTransaction(String group, long producerId, long offset) {
            Map<TopicPartition, GroupError> r = groups.commitTransactionalOffsets(
                            group,
                            producerId,
                            EPOCH,
                            "",
                            null,
                            -1,
                            Map.of(IN, OffsetAndMetadata.of(offset, -1, "", -1)))
                    .join();
            assertEquals(Map.of(IN, GroupError.NONE), r);
        }

        void end(String group, long producerId, boolean commit) {
            TopicPartition offsets = new TopicPartition(ConsumerOffsetsLog.TOPIC, groups.partitionFor(group));
            markers.write(producerId, EPOCH, commit, Set.of(offsets), 0, TransactionVersion.TV_0)
                    .join();
        }

        Long committed(String group) {
            OffsetFetchResult r = groups.fetchOffsets(group, List.of(IN), false);
            return r.partitions().get(IN).offset() == null
                    ? null
                    : r.partitions().get(IN).offset().offset();
        }

        GroupError stable(String group) {
            return groups.fetchOffsets(group, List.of(IN), true)
                    .partitions()
                    .get(IN)
                    .error();
        }

        @Override
        public void close() throws Exception {
            groups.close();
            registry.close();
        }
    }

    @Test
    void theMarkerDecidesTheTransactionsOffsetsBeforeAndAfterARestart() throws Exception {
        try (Broker b = new Broker()) {
            b.commitInTransaction("committed", COMMITTED, 40);
            b.commitInTransaction("aborted", ABORTED, 50);
            b.commitInTransaction("open", OPEN, 60);
            assertNull(b.committed("committed"), "invisible until the transaction commits");
            assertEquals(GroupError.UNSTABLE_OFFSET_COMMIT, b.stable("committed"));
            b.end("committed", COMMITTED, true);
            b.end("aborted", ABORTED, false);
            assertEquals(40L, b.committed("committed"));
            assertNull(b.committed("aborted"));
        }
        try (Broker b = new Broker()) {
            assertEquals(40L, b.committed("committed"), "committed by its marker in the log");
            assertEquals(GroupError.NONE, b.stable("committed"));
            assertNull(b.committed("aborted"), "dropped by its marker in the log");
            assertEquals(GroupError.NONE, b.stable("aborted"));
            assertNull(b.committed("open"));
            assertEquals(GroupError.UNSTABLE_OFFSET_COMMIT, b.stable("open"), "still pending after the restart");
            b.end("open", OPEN, true);
            assertEquals(60L, b.committed("open"), "committed by the transaction's end after the restart");
        }
        try (Broker b = new Broker()) {
            assertEquals(40L, b.committed("committed"));
            assertEquals(60L, b.committed("open"));
            assertNull(b.committed("aborted"));
        }
    }
}
