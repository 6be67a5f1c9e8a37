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
package io.skiff.broker.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.storage.IsolationLevel;
import io.skiff.storage.producer.AppendOrigin;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A share-partition's record states over a real partition, with time given explicitly. */
class SharePartitionTest {
    private static final ShareSettings SETTINGS = new ShareSettings(1_000, 3, 2_000, IsolationLevel.READ_UNCOMMITTED);

    @TempDir
    Path dir;

    private TopicRegistry topics;
    private Partition partition;

    @BeforeEach
    void open() throws Exception {
        topics = TopicRegistry.open(BrokerConfig.of(Map.of("log.dirs", dir.toString())), Clock.systemUTC());
        partition = topics.createTopic("t", 1, Map.of()).partition(0);
    }

    @AfterEach
    void close() {
        topics.close();
    }

    private void append(int records) {
        RecordBatchBuilder b = new RecordBatchBuilder(0L, 1L);
        for (int i = 0; i < records; i++) {
            b.add(1L, null, ("v" + i).getBytes(StandardCharsets.UTF_8));
        }
        partition.appendRecords(b.build(), AppendOrigin.CLIENT);
    }

    private static AcknowledgementBatch ack(long first, long last, AcknowledgeType type) {
        return new AcknowledgementBatch(first, last, List.of(type));
    }

    private static List<AcknowledgementBatch> acks(long first, long last, AcknowledgeType type) {
        return List.of(ack(first, last, type));
    }

    /** Acquires up to 100 records for {@code member} at time 0 with the default settings. */
    private static AcquiredRecords acquireAll(SharePartition sp, String member) {
        return sp.acquire(member, 100, 1 << 20, SETTINGS, 0);
    }

    private static List<AcquiredRange> range(long first, long last, int deliveryCount) {
        return List.of(new AcquiredRange(first, last, (short) deliveryCount));
    }

    @Test
    void newRecordsAreAcquiredOnceAndAcceptedOnesMoveTheStartOffset() {
        append(3);
        append(3);
        SharePartition sp = new SharePartition("g", partition, 0);
        AcquiredRecords a = acquireAll(sp, "m1");
        assertEquals(range(0, 5, 1), a.ranges());
        assertTrue(acquireAll(sp, "m2").isEmpty(), "nothing left for another member");
        assertTrue(sp.acknowledge("m1", acks(0, 2, AcknowledgeType.ACCEPT), SETTINGS, 10));
        assertEquals(3, sp.startOffset());
        assertEquals(3, sp.lag());
        assertTrue(sp.acknowledge("m1", acks(3, 5, AcknowledgeType.ACCEPT), SETTINGS, 10));
        assertEquals(6, sp.startOffset());
        assertEquals(0, sp.lag());
    }

    /** Kafka describes the start offset its last state write carried: as it was before the change that write made. */
    @Test
    void theDescribedStartOffsetIsTheOneBeforeTheLastWrittenChange() {
        append(6);
        SharePartition sp = new SharePartition("g", partition, 0);
        sp.persist(); // the creation's write
        assertEquals(-1, sp.describedStartOffset(), "nothing written since the creation");
        acquireAll(sp, "m1");
        assertTrue(sp.acknowledge("m1", acks(0, 2, AcknowledgeType.ACCEPT), SETTINGS, 10));
        assertEquals(3, sp.startOffset());
        assertEquals(0, sp.describedStartOffset());
        assertTrue(sp.acknowledge("m1", acks(3, 5, AcknowledgeType.ACCEPT), SETTINGS, 10));
        assertEquals(3, sp.describedStartOffset());
        sp.resetStart(1);
        assertEquals(1, sp.describedStartOffset(), "an offset reset is written as it is");
    }

    @Test
    void maxRecordsStopsAtABatchBoundary() {
        append(2);
        append(2);
        append(2);
        SharePartition sp = new SharePartition("g", partition, 0);
        assertEquals(range(0, 3, 1), sp.acquire("m1", 3, 1 << 20, SETTINGS, 0).ranges());
        assertEquals(range(4, 5, 1), sp.acquire("m2", 3, 1 << 20, SETTINGS, 0).ranges());
    }

    @Test
    void releasedRecordsComeBackWithTheNextDeliveryCountUntilTheLimitArchivesThem() {
        append(2);
        SharePartition sp = new SharePartition("g", partition, 0);
        for (short delivery = 1; delivery <= 3; delivery++) {
            AcquiredRecords a = acquireAll(sp, "m" + delivery);
            assertEquals(range(0, 1, delivery), a.ranges());
            assertTrue(a.batches().remaining() > 0, "the batch holding them is sent");
            assertTrue(sp.acknowledge("m" + delivery, acks(0, 1, AcknowledgeType.RELEASE), SETTINGS, 0));
        }
        assertTrue(acquireAll(sp, "m4").isEmpty(), "archived at the delivery count limit");
        assertEquals(2, sp.startOffset());
    }

    @Test
    void rejectedRecordsAreNeverDeliveredAgain() {
        append(3);
        SharePartition sp = new SharePartition("g", partition, 0);
        acquireAll(sp, "m1");
        AcknowledgementBatch perRecord = new AcknowledgementBatch(
                0, 2, List.of(AcknowledgeType.ACCEPT, AcknowledgeType.REJECT, AcknowledgeType.RELEASE));
        assertTrue(sp.acknowledge("m1", List.of(perRecord), SETTINGS, 0));
        assertEquals(2, sp.startOffset(), "accepted 0 and rejected 1 are done");
        assertEquals(range(2, 2, 2), acquireAll(sp, "m2").ranges());
    }

    @Test
    void anExpiredLockMakesRecordsAvailableAndRenewExtendsIt() {
        append(2);
        SharePartition sp = new SharePartition("g", partition, 0);
        acquireAll(sp, "m1");
        assertEquals(1_000, sp.nextLockDeadline());
        assertTrue(sp.acknowledge("m1", acks(1, 1, AcknowledgeType.RENEW), SETTINGS, 500));
        assertEquals(0, sp.expireLocks(SETTINGS, 999));
        assertEquals(1, sp.expireLocks(SETTINGS, 1_000), "offset 0's lock expired, offset 1 was renewed");
        assertEquals(RecordState.AVAILABLE, sp.stateOf(0));
        assertEquals(RecordState.ACQUIRED, sp.stateOf(1));
        assertEquals(
                range(0, 0, 2), sp.acquire("m2", 100, 1 << 20, SETTINGS, 1_000).ranges());
        assertEquals(1, sp.expireLocks(SETTINGS, 1_500));
    }

    @Test
    void acknowledgementsOfRecordsTheMemberDoesNotHoldChangeNothing() {
        append(2);
        SharePartition sp = new SharePartition("g", partition, 0);
        acquireAll(sp, "m1");
        assertFalse(sp.acknowledge("m2", acks(0, 0, AcknowledgeType.ACCEPT), SETTINGS, 0));
        assertFalse(
                sp.acknowledge(
                        "m1",
                        List.of(ack(0, 0, AcknowledgeType.ACCEPT), ack(5, 5, AcknowledgeType.ACCEPT)),
                        SETTINGS,
                        0),
                "one bad batch refuses them all");
        assertEquals(RecordState.ACQUIRED, sp.stateOf(0));
        assertEquals(0, sp.startOffset());
    }

    @Test
    void theInFlightLimitStopsAcquisitionUntilRecordsAreDone() {
        ShareSettings limited = new ShareSettings(1_000, 3, 3, IsolationLevel.READ_UNCOMMITTED);
        append(2);
        append(2);
        append(2);
        SharePartition sp = new SharePartition("g", partition, 0);
        assertEquals(range(0, 3, 1), sp.acquire("m1", 100, 1 << 20, limited, 0).ranges());
        assertTrue(sp.acquire("m2", 100, 1 << 20, limited, 0).isEmpty());
        sp.acknowledge("m1", acks(0, 3, AcknowledgeType.ACCEPT), limited, 0);
        assertEquals(range(4, 5, 1), sp.acquire("m2", 100, 1 << 20, limited, 0).ranges());
    }

    @Test
    void aDepartedMembersRecordsAreReleased() {
        append(2);
        SharePartition sp = new SharePartition("g", partition, 0);
        acquireAll(sp, "m1");
        assertEquals(2, sp.releaseMember("m1", SETTINGS));
        assertEquals(RecordState.AVAILABLE, sp.stateOf(0));
        assertNull(sp.stateOf(2));
    }

    @Test
    void theStartOffsetFollowsTheLogStart() {
        append(3);
        append(3);
        SharePartition sp = new SharePartition("g", partition, 0);
        partition.deleteRecordsBefore(3);
        assertEquals(range(3, 5, 1), acquireAll(sp, "m1").ranges());
        assertEquals(3, sp.startOffset());
    }

    @Test
    void aLongWindowGrowsAndCompactsWithoutLosingStates() {
        for (int i = 0; i < 300; i++) {
            append(1);
        }
        SharePartition sp = new SharePartition("g", partition, 0);
        assertEquals(
                range(0, 299, 1), sp.acquire("m1", 1_000, 1 << 20, SETTINGS, 0).ranges());
        for (long o = 0; o < 300; o += 2) {
            assertTrue(sp.acknowledge("m1", acks(o, o, AcknowledgeType.ACCEPT), SETTINGS, 0));
        }
        assertEquals(1, sp.startOffset(), "offset 1 is still acquired");
        assertTrue(sp.acknowledge("m1", acks(1, 1, AcknowledgeType.ACCEPT), SETTINGS, 0));
        assertEquals(3, sp.startOffset());
        assertEquals(RecordState.ACQUIRED, sp.stateOf(299));
        assertEquals(RecordState.ACKNOWLEDGED, sp.stateOf(298));
        assertEquals(149, sp.lag());
    }
}
