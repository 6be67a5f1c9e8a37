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
package io.skiff.broker.handler;

import static io.skiff.testsupport.TestBatches.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.protocol.Errors;
import io.skiff.record.CompressionType;
import io.skiff.record.CorruptRecordException;
import io.skiff.record.RecordBatchBuilder;
import io.skiff.record.RecordBatchView;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The produce path's one walk over a partition's batch headers: Kafka's request-level checks and the producer. */
class ProducedBatchesTest {
    private static ByteBuffer batch(long producerId, boolean transactional) {
        RecordBatchBuilder b = new RecordBatchBuilder(0, 1_000L);
        if (producerId >= 0) {
            b.producer(producerId, (short) 3, 0).transactional(transactional);
        }
        return b.add(1_000L, null, "v".getBytes(StandardCharsets.UTF_8)).build();
    }

    @Test
    void oneTransactionalBatchGivesItsProducer() {
        ByteBuffer records = batch(7L, true);
        ProducedBatches b = ProducedBatches.of(records, (short) 13);
        assertEquals(Errors.NONE, b.error());
        assertNull(b.failure());
        assertTrue(b.firstReadable() && b.transactional());
        assertEquals(7L, b.producerId());
        assertEquals(3, b.producerEpoch());
        assertEquals(records, b.buffer());
    }

    @Test
    void aPlainBatchIsNotTransactional() {
        ProducedBatches b = ProducedBatches.of(batch(-1L, false), (short) 9);
        assertEquals(Errors.NONE, b.error());
        assertFalse(b.transactional());
        assertEquals(RecordBatchView.NO_PRODUCER_ID, b.producerId());
    }

    @Test
    void twoBatchesAreInvalidButTheFirstStillNamesItsProducer() {
        ProducedBatches b = ProducedBatches.of(concat(batch(7L, true), batch(7L, true)), (short) 13);
        assertEquals(Errors.INVALID_RECORD, b.error());
        assertTrue(b.transactional()); // what the implicit add of Produce v12+ goes by, as Kafka's does
        assertEquals(
                Errors.INVALID_RECORD,
                ProducedBatches.of(ByteBuffer.allocate(0), (short) 13).error());
    }

    @Test
    void zstdOnlyFromVersionSeven() {
        ByteBuffer records = batch(-1L, false);
        short attributes = records.getShort(RecordBatchView.ATTRIBUTES_OFFSET);
        records.putShort(RecordBatchView.ATTRIBUTES_OFFSET, (short) (attributes | CompressionType.ZSTD.id()));
        assertEquals(
                Errors.UNSUPPORTED_COMPRESSION_TYPE,
                ProducedBatches.of(records, (short) 6).error());
        assertEquals(Errors.NONE, ProducedBatches.of(records, (short) 7).error());
    }

    @Test
    void anOldMagicIsInvalidAndNamesNoProducer() {
        ByteBuffer records = batch(7L, true);
        records.put(RecordBatchView.MAGIC_OFFSET, (byte) 1);
        ProducedBatches b = ProducedBatches.of(records, (short) 13);
        assertEquals(Errors.INVALID_RECORD, b.error());
        assertFalse(b.transactional());
    }

    @Test
    void aBatchCutShortIsTheFailureOfTheWalk() {
        ByteBuffer whole = batch(7L, true);
        ByteBuffer cut = whole.duplicate().limit(whole.limit() - 5).slice();
        ProducedBatches b = ProducedBatches.of(cut, (short) 13);
        assertInstanceOf(CorruptRecordException.class, b.failure());
        assertFalse(b.firstReadable());
        ProducedBatches second = ProducedBatches.of(concat(whole, cut), (short) 13);
        assertInstanceOf(CorruptRecordException.class, second.failure());
        assertTrue(second.firstReadable() && second.transactional());
    }
}
