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
package io.skiff.compat;

import static io.skiff.compat.DataCompatSupport.consumer;
import static io.skiff.compat.DataCompatSupport.producer;
import static io.skiff.compat.DataCompatSupport.readExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.InitProducerIdRequestData;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.InitProducerIdRequest;
import org.apache.kafka.common.requests.InitProducerIdResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Idempotent produce as kafka-clients encodes it: a retried batch (same producer id, epoch and sequence) is answered
 * with success and its original offset and is not written again; a sequence gap is OUT_OF_ORDER_SEQUENCE_NUMBER.
 * The batches are sent over a raw connection because the producer only retries on network faults.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class IdempotenceCompatTest {
    private static final String TOPIC = "idempotent";
    private static final short PRODUCE_VERSION = 12; // by name; v13 (topic ids) is covered by the producer tests

    private SkiffServer server;
    private RawKafkaConnection connection;
    private long producerId;
    private short epoch;

    @BeforeEach
    void start() throws IOException {
        server.createTopic(TOPIC, 1);
        connection = new RawKafkaConnection("127.0.0.1", server.port());
        InitProducerIdResponse init = connection.send(new InitProducerIdRequest.Builder(
                        new InitProducerIdRequestData().setTransactionalId(null).setTransactionTimeoutMs(60_000))
                .build((short) 5));
        assertEquals(Errors.NONE, Errors.forCode(init.data().errorCode()));
        producerId = init.data().producerId();
        epoch = init.data().producerEpoch();
        assertTrue(producerId >= 0);
        assertEquals(0, epoch);
    }

    @AfterEach
    void stop() throws IOException {
        connection.close();
    }

    private static MemoryRecords batch(long producerId, short epoch, int baseSequence, String... values) {
        SimpleRecord[] records = new SimpleRecord[values.length];
        for (int i = 0; i < values.length; i++) {
            records[i] = new SimpleRecord(System.currentTimeMillis(), null, values[i].getBytes(StandardCharsets.UTF_8));
        }
        return MemoryRecords.withIdempotentRecords(Compression.NONE, producerId, epoch, baseSequence, records);
    }

    private ProduceResponseData.PartitionProduceResponse produce(MemoryRecords records) throws IOException {
        ProduceRequestData data = RawProduce.toPartitionZero(TOPIC, records);
        return RawProduce.onlyPartition(connection.send(
                new ProduceRequest.Builder(PRODUCE_VERSION, PRODUCE_VERSION, data).build(PRODUCE_VERSION)));
    }

    private List<String> values(int count) {
        try (KafkaConsumer<String, String> consumer = consumer(server.bootstrapServers())) {
            TopicPartition tp = new TopicPartition(TOPIC, 0);
            List<String> values = readExactly(consumer, List.of(tp), count).stream()
                    .map(ConsumerRecord::value)
                    .toList();
            assertEquals(Map.of(tp, (long) count), consumer.endOffsets(List.of(tp)), "nothing more was written");
            return values;
        }
    }

    @Test
    void aRetriedBatchGetsItsOriginalOffsetAndIsNotWrittenAgain() throws IOException {
        MemoryRecords first = batch(producerId, epoch, 0, "a", "b", "c");
        MemoryRecords second = batch(producerId, epoch, 3, "d", "e");
        assertEquals(0, produce(first).baseOffset());
        assertEquals(3, produce(second).baseOffset());

        ProduceResponseData.PartitionProduceResponse retryOfLast =
                produce(MemoryRecords.readableRecords(second.buffer().duplicate()));
        assertEquals(Errors.NONE, Errors.forCode(retryOfLast.errorCode()));
        assertEquals(3, retryOfLast.baseOffset());
        ProduceResponseData.PartitionProduceResponse retryOfFirst =
                produce(MemoryRecords.readableRecords(first.buffer().duplicate()));
        assertEquals(Errors.NONE, Errors.forCode(retryOfFirst.errorCode()), "one of the last five batches");
        assertEquals(0, retryOfFirst.baseOffset());

        assertEquals(5, produce(batch(producerId, epoch, 5, "f")).baseOffset(), "the sequence carries on");
        assertEquals(List.of("a", "b", "c", "d", "e", "f"), values(6));
    }

    @Test
    void aSequenceGapIsOutOfOrderAndNothingIsWritten() throws IOException {
        assertEquals(0, produce(batch(producerId, epoch, 0, "a")).baseOffset());

        ProduceResponseData.PartitionProduceResponse gap = produce(batch(producerId, epoch, 5, "gap"));
        assertEquals(Errors.OUT_OF_ORDER_SEQUENCE_NUMBER, Errors.forCode(gap.errorCode()));
        assertEquals(-1, gap.baseOffset());
        ProduceResponseData.PartitionProduceResponse sameRange = produce(batch(producerId, epoch, 0, "again"));
        assertEquals(
                Errors.NONE,
                Errors.forCode(sameRange.errorCode()),
                "as in Kafka, the sequence range identifies a retry (the content is not compared)");
        assertEquals(0, sameRange.baseOffset());

        assertEquals(1, produce(batch(producerId, epoch, 1, "b")).baseOffset());
        assertEquals(List.of("a", "b"), values(2));
    }

    @Test
    void aNewEpochStartsAtSequenceZeroAndFencesTheOldEpoch() throws IOException {
        assertEquals(0, produce(batch(producerId, epoch, 0, "a", "b")).baseOffset());
        short next = (short) (epoch + 1);
        assertEquals(
                Errors.OUT_OF_ORDER_SEQUENCE_NUMBER,
                Errors.forCode(produce(batch(producerId, next, 2, "x")).errorCode()),
                "a new epoch starts at 0");
        assertEquals(2, produce(batch(producerId, next, 0, "c")).baseOffset());
        assertEquals(
                Errors.INVALID_PRODUCER_EPOCH,
                Errors.forCode(produce(batch(producerId, epoch, 2, "zombie")).errorCode()),
                "the old epoch is fenced");
        assertEquals(List.of("a", "b", "c"), values(3));
    }

    @Test
    void producersWithoutStateMayStartAtAnySequenceAsInKafka() throws IOException {
        InitProducerIdResponse other = connection.send(new InitProducerIdRequest.Builder(
                        new InitProducerIdRequestData().setTransactionalId(null).setTransactionTimeoutMs(60_000))
                .build((short) 5));
        long otherId = other.data().producerId();
        assertNotEquals(producerId, otherId, "every producer gets its own id");
        // Kafka accepts any first sequence from a producer it has no state for (its state may have expired).
        assertEquals(0, produce(batch(otherId, (short) 0, 7, "x")).baseOffset());
        assertEquals(
                Errors.OUT_OF_ORDER_SEQUENCE_NUMBER,
                Errors.forCode(produce(batch(otherId, (short) 0, 9, "gap")).errorCode()));
        assertEquals(1, produce(batch(otherId, (short) 0, 8, "y")).baseOffset());
        assertEquals(List.of("x", "y"), values(2));
    }

    @Test
    void theJavaProducersDefaultIdempotentSendsAreDenseAndOrdered() throws Exception {
        try (KafkaProducer<String, String> producer = producer(server.bootstrapServers())) {
            for (int i = 0; i < 50; i++) {
                producer.send(new ProducerRecord<>(TOPIC, 0, null, "v" + i));
            }
            producer.flush();
        }
        List<String> values = values(50);
        for (int i = 0; i < 50; i++) {
            assertEquals("v" + i, values.get(i));
        }
    }
}
