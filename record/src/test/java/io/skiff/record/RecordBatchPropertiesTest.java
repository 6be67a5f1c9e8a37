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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.utils.internals.ByteUtils;

/** Random batches: ours must equal kafka-clients' byte for byte and both sides must read each other. */
class RecordBatchPropertiesTest {

    record Input(long timestamp, byte[] key, byte[] value, List<String> headerKeys) {}

    @Provide
    Arbitrary<Input> inputs() {
        Arbitrary<byte[]> nullableBytes =
                Arbitraries.bytes().array(byte[].class).ofMaxSize(300).injectNull(0.2);
        return Combinators.combine(
                        Arbitraries.longs().between(0, 4_000_000_000_000L),
                        nullableBytes,
                        nullableBytes,
                        Arbitraries.strings().ofMaxLength(10).list().ofMaxSize(3))
                .as(Input::new);
    }

    @Provide
    Arbitrary<List<Input>> inputLists() {
        return inputs().list().ofMinSize(1).ofMaxSize(20);
    }

    @Property(tries = 200)
    void builderMatchesKafkaAndBothRead(@ForAll("inputLists") List<Input> inputs, @ForAll long baseOffsetSeed) {
        long baseOffset = Math.floorMod(baseOffsetSeed, 1L << 40);
        long baseTimestamp = inputs.get(0).timestamp();
        RecordBatchBuilder ours = new RecordBatchBuilder(baseOffset, baseTimestamp);
        MemoryRecordsBuilder kafka = MemoryRecords.builder(
                ByteBuffer.allocate(64 * 1024),
                RecordBatch.MAGIC_VALUE_V2,
                Compression.NONE,
                org.apache.kafka.common.record.TimestampType.CREATE_TIME,
                baseOffset,
                RecordBatch.NO_TIMESTAMP,
                RecordBatch.NO_PRODUCER_ID,
                RecordBatch.NO_PRODUCER_EPOCH,
                RecordBatch.NO_SEQUENCE,
                false,
                false,
                RecordBatch.NO_PARTITION_LEADER_EPOCH);
        for (Input in : inputs) {
            List<Header> headers = new ArrayList<>();
            org.apache.kafka.common.header.Header[] kafkaHeaders =
                    new org.apache.kafka.common.header.Header[in.headerKeys().size()];
            for (int i = 0; i < in.headerKeys().size(); i++) {
                byte[] hv = in.value();
                headers.add(Header.of(in.headerKeys().get(i), hv));
                kafkaHeaders[i] = new RecordHeader(in.headerKeys().get(i), hv);
            }
            ours.add(in.timestamp(), in.key(), in.value(), headers);
            kafka.append(in.timestamp(), in.key(), in.value(), kafkaHeaders);
        }
        ByteBuffer ourBytes = ours.build();
        ByteBuffer kafkaBytes = kafka.build().buffer();
        assertEquals(kafkaBytes, ourBytes);

        MutableRecordBatch parsed = MemoryRecords.readableRecords(ourBytes.duplicate())
                .batches()
                .iterator()
                .next();
        parsed.ensureValid();
        List<Record> read = RecordReader.readAll(new RecordBatchView(kafkaBytes));
        assertEquals(inputs.size(), read.size());
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            Record r = read.get(i);
            assertEquals(baseOffset + i, r.offset());
            assertEquals(in.timestamp(), r.timestamp());
            assertArrayEquals(in.key(), r.keyBytes());
            assertArrayEquals(in.value(), r.valueBytes());
            assertEquals(in.headerKeys(), r.headers().stream().map(Header::key).toList());
        }
    }

    @Property(tries = 500)
    void varintsMatchKafkaByteUtils(@ForAll int i, @ForAll long l) {
        ByteBuffer ours = ByteBuffer.allocate(20);
        Varints.writeVarint(ours, i);
        Varints.writeVarlong(ours, l);
        ours.flip();
        ByteBuffer kafka = ByteBuffer.allocate(20);
        ByteUtils.writeVarint(i, kafka);
        ByteUtils.writeVarlong(l, kafka);
        kafka.flip();
        assertEquals(kafka, ours);
        assertEquals(ByteUtils.sizeOfVarint(i), Varints.sizeOfVarint(i));
        assertEquals(ByteUtils.sizeOfVarlong(l), Varints.sizeOfVarlong(l));
        Varints.Read vi = Varints.readVarint(ours, 0, ours.limit());
        Varints.Read vl = Varints.readVarlong(ours, vi.next(), ours.limit());
        assertEquals(i, vi.value());
        assertEquals(l, vl.value());
        assertEquals(ours.limit(), vl.next());
    }
}
