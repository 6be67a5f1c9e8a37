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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.producer.AppendOrigin;
import io.skiff.storage.producer.InvalidProducerEpochException;
import io.skiff.storage.producer.ProducerAppendInfo;
import io.skiff.storage.producer.ProducerStateEntry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Markers written to real partitions with the transaction version of their transaction: a version 2 marker must carry
 * the bumped epoch (a retry of one already written is accepted), a version 1 marker keeps the producer's epoch, and
 * offsets partitions are completed through the group coordinator's side.
 */
class PartitionMarkersTest {
    private static final long PID = 7L;
    private static final TopicPartition TP = new TopicPartition("t", 0);

    @TempDir
    Path dir;

    private TopicRegistry topics;
    private Partition partition;
    private final List<String> offsetsCompleted = new ArrayList<>();
    private PartitionMarkers markers;

    @BeforeEach
    void setUp() throws Exception {
        topics = TopicRegistry.open(BrokerConfig.of(Map.of("log.dirs", dir.toString())), Clock.systemUTC());
        partition = topics.createTopic("t", 1, Map.of()).partition(0);
        markers = new PartitionMarkers(
                topics,
                (producerId, offsetsPartition, commit) ->
                        offsetsCompleted.add(producerId + " " + offsetsPartition + " " + commit),
                Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        topics.close();
    }

    private void data(short epoch, int sequence) {
        partition.appendRecords(
                new RecordBatchBuilder(0, 1000)
                        .producer(PID, epoch, sequence)
                        .transactional(true)
                        .add(1000, null, new byte[] {1})
                        .build(),
                AppendOrigin.CLIENT);
    }

    private void marker(short epoch, int transactionVersion) {
        markers.write(PID, epoch, true, Set.of(TP), 0, transactionVersion).join();
    }

    @Test
    void aVersion2MarkerMustCarryTheBumpedEpochAndItsRetryIsAccepted() {
        data((short) 0, 0);
        CompletableFuture<Void> sameEpoch = markers.write(PID, (short) 0, true, Set.of(TP), 0, 2);
        Throwable refused = assertThrows(Exception.class, sameEpoch::join);
        assertTrue(refused.getCause() instanceof InvalidProducerEpochException, refused.toString());
        marker((short) 1, 2);
        long end = partition.log().logEndOffset();
        marker((short) 1, 2); // the coordinator retried the markers after a failure elsewhere
        assertEquals(end + 1, partition.log().logEndOffset()); // written again, harmless
        assertEquals(1, partition.log().producerState(PID).orElseThrow().epoch());
        // the next transaction runs at the bumped epoch
        data((short) 1, 0);
        marker((short) 2, 2);
        assertEquals(2, partition.log().producerState(PID).orElseThrow().epoch());
    }

    @Test
    void aVersion1MarkerKeepsTheProducersEpoch() {
        data((short) 3, 0);
        marker((short) 3, ProducerAppendInfo.LEGACY_TRANSACTION_VERSION);
        assertEquals(3, partition.log().producerState(PID).orElseThrow().epoch());
        assertEquals(
                ProducerStateEntry.NO_OFFSET,
                partition.log().producerState(PID).orElseThrow().currentTxnFirstOffset());
    }

    @Test
    void offsetsPartitionsAreCompletedByTheGroupCoordinator() {
        markers.write(PID, (short) 1, false, Set.of(new TopicPartition("__consumer_offsets", 4)), 0, 2)
                .join();
        assertEquals(List.of("7 4 false"), offsetsCompleted);
    }
}
