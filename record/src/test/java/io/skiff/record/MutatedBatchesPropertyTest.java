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
package io.skiff.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;

/**
 * Random mutations of valid batches written by kafka-clients, with the CRC recomputed so that only the content is
 * wrong, are either refused by our validator with one of its errors, or stored in a form the official client decodes
 * completely: never accepted and undecodable (which would make the partition unreadable for every consumer).
 */
class MutatedBatchesPropertyTest {
    private static final long NOW = 1_700_000_000_000L;
    private static final ValidationRules RULES = new ValidationRules(
            Integer.MAX_VALUE, TimestampType.CREATE_TIME, Long.MAX_VALUE, Long.MAX_VALUE, false, null);

    /** One change: the byte at {@code position} (taken modulo the batch's mutable range) becomes {@code value}. */
    record Mutation(int position, byte value) {}

    record Case(CompressionType codec, int records, List<Mutation> mutations) {}

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Mutation> mutation = Combinators.combine(
                        Arbitraries.integers().between(0, Integer.MAX_VALUE), Arbitraries.bytes())
                .as(Mutation::new);
        return Combinators.combine(
                        Arbitraries.of(CompressionType.class),
                        Arbitraries.integers().between(1, 20),
                        mutation.list().ofMinSize(1).ofMaxSize(3))
                .as(Case::new);
    }

    @Property(tries = 3000)
    void mutatedBatchesAreRefusedOrDecodeCompletely(@ForAll("cases") Case c) {
        ByteBuffer batch = KafkaBatches.batch(c.codec(), c.records(), NOW);
        // Everything from batchLength on, except the CRC itself (recomputed below) and the base offset (outside it).
        int from = RecordBatchView.LENGTH_OFFSET;
        for (Mutation m : c.mutations()) {
            int span = batch.remaining() - from - 4;
            int at = from + m.position() % span;
            if (at >= RecordBatchView.CRC_OFFSET) {
                at += 4;
            }
            batch.put(at, m.value());
        }
        if (batch.remaining() >= RecordBatchView.HEADER_SIZE
                && batch.getInt(RecordBatchView.LENGTH_OFFSET) == batch.remaining() - RecordBatchView.LOG_OVERHEAD) {
            KafkaBatches.fixCrc(batch);
        }
        ValidatedBatches stored;
        try {
            stored = RecordValidator.validate(batch, RULES, true, "t-0", NOW);
        } catch (CorruptRecordException
                | InvalidRecordException
                | RecordValidationException
                | UndecodableRecordsException
                | RecordTooLargeException refused) {
            Statistics.collect("refused: " + refused.getClass().getSimpleName());
            return;
        }
        Statistics.collect("stored");
        stored.assignOffsets(100L, -1L, 0);
        long expectedOffset = 100L;
        for (RecordBatch b :
                MemoryRecords.readableRecords(stored.buffer().duplicate()).batches()) {
            b.ensureValid();
            int count = 0;
            for (Record r : b) {
                assertEquals(expectedOffset++, r.offset(), "consecutive offsets");
                r.ensureValid();
                r.key();
                r.value();
                r.headers();
                count++;
            }
            assertEquals(b.countOrNull().intValue(), count, "the header's record count");
            assertEquals(b.lastOffset() + 1, expectedOffset, "the header's last offset");
        }
    }
}
