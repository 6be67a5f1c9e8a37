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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.broker.group.common.TopicPartition;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code __transaction_state} keys and values: round trips of both value versions and Kafka's byte layout. */
class TransactionLogCodecTest {
    private static final TransactionRecord RECORD = new TransactionRecord(
            42L,
            -1L,
            -1L,
            (short) 3,
            (short) -1,
            60_000,
            TransactionState.ONGOING,
            Set.of(new TopicPartition("a", 0), new TopicPartition("a", 2), new TopicPartition("b", 1)),
            1000L,
            2000L,
            (short) 0);

    @Test
    void keyIsVersionZeroWithTheId() {
        byte[] key = TransactionLogCodec.key("tx");
        assertArrayEquals(new byte[] {0, 0, 0, 2, 't', 'x'}, key);
        assertEquals("tx", TransactionLogCodec.readKey(ByteBuffer.wrap(key)));
    }

    @Test
    void versionZeroValueRoundTripsWithKafkasLayout() {
        byte[] value = TransactionLogCodec.value(RECORD, (short) 0);
        ByteBuffer in = ByteBuffer.wrap(value);
        assertEquals(0, in.getShort()); // version
        assertEquals(42L, in.getLong());
        assertEquals(3, in.getShort());
        assertEquals(60_000, in.getInt());
        assertEquals(TransactionState.ONGOING.id(), in.get());
        assertEquals(2, in.getInt()); // topics a and b, sorted
        assertEquals(
                TransactionRecord.NO_EPOCH,
                TransactionLogCodec.readValue(ByteBuffer.wrap(value)).lastProducerEpoch());
        assertEquals(RECORD, TransactionLogCodec.readValue(ByteBuffer.wrap(value)));
    }

    @Test
    void versionOneValueKeepsTheTaggedFields() {
        TransactionRecord v2 = new TransactionRecord(
                42L,
                41L,
                43L,
                (short) 0,
                (short) -1,
                60_000,
                TransactionState.PREPARE_COMMIT,
                Set.of(new TopicPartition("a", 0)),
                1000L,
                2000L,
                (short) 2);
        byte[] value = TransactionLogCodec.value(v2);
        assertEquals(1, ByteBuffer.wrap(value).getShort());
        // the bytes Kafka 4.1.1's TransactionLogValue (MessageUtil.toVersionPrefixedBytes) gives for these fields
        assertArrayEquals(
                HexFormat.of()
                        .parseHex("0001000000000000002a00000000ea600202026102000000000000000000000007d0"
                                + "00000000000003e803000800000000000000290108000000000000002b02020002"),
                value);
        assertEquals(v2, TransactionLogCodec.readValue(ByteBuffer.wrap(value)));
    }

    @Test
    void withTransactionVersionFinalizedEveryClientsValueIsWrittenAtVersionOneAsKafkaDoes() {
        // Kafka writes the flexible v1 for all transactions once transaction.version >= 1 is finalized, also for
        // a version 1 client (clientTransactionVersion 0, which is the tagged default and so not written).
        byte[] value = TransactionLogCodec.value(RECORD);
        assertEquals(1, ByteBuffer.wrap(value).getShort());
        assertEquals(RECORD, TransactionLogCodec.readValue(ByteBuffer.wrap(value)));
        // as Kafka 4.1.1 writes it (no tagged fields: the client's version 0 is the default)
        assertArrayEquals(
                HexFormat.of()
                        .parseHex("0001000000000000002a00030000ea600103026103000000000000000200026202000000"
                                + "010000000000000007d000000000000003e800"),
                value);
    }

    @Test
    void unknownVersionsAndTruncatedValuesAreRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> TransactionLogCodec.readValue(ByteBuffer.wrap(new byte[] {0, 9, 0, 0})));
        byte[] value = TransactionLogCodec.value(RECORD);
        assertThrows(
                IllegalArgumentException.class,
                () -> TransactionLogCodec.readValue(ByteBuffer.wrap(value, 0, value.length - 3)));
    }
}
