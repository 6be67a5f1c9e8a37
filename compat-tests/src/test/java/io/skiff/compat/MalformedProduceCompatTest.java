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
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.message.ProduceResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Malformed batches a fuzzing client sends (CRC correct, content wrong) get Kafka 4.1's answer, partition by
 * partition, exactly: error code, error_message and record_errors. Nothing of a refused partition is stored, the
 * other partition of the same request is, and afterwards the Java consumer reads every partition to its end.
 *
 * <p>The expected answers are Apache Kafka 4.1.1's; the same cases run against a real one ({@link RealKafka}) in the
 * same test run, so that a difference shows up here.
 */
class MalformedProduceCompatTest {
    @RegisterExtension
    static final DataCompatSupport.Broker BROKER = new DataCompatSupport.Broker();

    private static final short PRODUCE_VERSION = 9; // flexible, with error_message and record_errors
    private static final String UNCHECKED = "<any>";

    /** What Kafka answers: an error, its message (null, exact, or UNCHECKED), the refused record indexes. */
    private record Answer(Errors error, String message, List<Integer> recordErrors) {
        static Answer of(Errors error) {
            return new Answer(error, null, List.of());
        }
    }

    private record Case(String topic, byte[] batch, Answer expected) {}

    @Test
    void skiffAnswersAsKafkaAndThePartitionStaysReadable() throws Exception {
        check(BROKER.bootstrapServers(), 0);
    }

    @Test
    void realKafkaAnswersTheSame() throws Exception {
        // Kafka stores the uncompressed batch with offset deltas 0, 5, 2 as sent: the consumer returns offsets 0 and 5,
        // then skips offset 2 and the next record (offset 3, below its position 6). Skiff rewrites the deltas.
        check(RealKafka.shared().bootstrapServers(), 2);
    }

    /** @param unreadable records of the plain topic's partition 0 the Java consumer cannot get back */
    private static void check(String bootstrap, int unreadable) throws Exception {
        String plain = "malformed-" + UUID.randomUUID();
        String compacted = "malformed-compacted-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(
                            new NewTopic(plain, 2, (short) 1),
                            new NewTopic(compacted, 1, (short) 1).configs(Map.of("cleanup.policy", "compact"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            // Returns once every partition has its leader on the broker (Admin retries NOT_LEADER_OR_FOLLOWER).
            admin.listOffsets(Map.of(
                            new TopicPartition(plain, 0), OffsetSpec.latest(),
                            new TopicPartition(plain, 1), OffsetSpec.latest(),
                            new TopicPartition(compacted, 0), OffsetSpec.latest()))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        Map<String, Case> cases = cases(plain, compacted);
        Map<String, Answer> answers = new LinkedHashMap<>();
        Map<String, Errors> neighbours = new LinkedHashMap<>();
        String[] host = bootstrap.split(":");
        try (RawKafkaConnection connection = new RawKafkaConnection(host[0], Integer.parseInt(host[1]))) {
            for (Map.Entry<String, Case> c : cases.entrySet()) {
                // Partition 0 gets the malformed batch, partition 1 of the plain topic a valid one in the same request.
                byte[] good = MalformedBatches.valid(c.getKey() + " neighbour ", 1);
                Map<Integer, ProduceResponseData.PartitionProduceResponse> r =
                        produce(connection, c.getValue().topic(), c.getValue().batch(), plain, good);
                answers.put(c.getKey(), answer(r.get(0)));
                neighbours.put(c.getKey(), Errors.forCode(r.get(-1).errorCode()));
            }
        }
        Map<String, Answer> expected = new LinkedHashMap<>();
        cases.forEach((name, c) -> expected.put(name, c.expected()));
        Map<String, Answer> comparable = new LinkedHashMap<>();
        answers.forEach((name, a) -> comparable.put(
                name,
                expected.get(name).message() == UNCHECKED ? new Answer(a.error(), UNCHECKED, a.recordErrors()) : a));
        assertEquals(
                expected.toString().replace("], ", "],\n"),
                comparable.toString().replace("], ", "],\n"));
        Map<String, Errors> allNone = new LinkedHashMap<>();
        cases.keySet().forEach(name -> allNone.put(name, Errors.NONE));
        assertEquals(allNone, neighbours, "the other partition of each request is appended");

        // Everything stored is read by the Java consumer to the end of each partition, a valid record after it too.
        try (KafkaProducer<String, String> producer = producer(bootstrap)) {
            producer.send(new ProducerRecord<>(plain, 0, "k", "after")).get(30, TimeUnit.SECONDS);
            producer.send(new ProducerRecord<>(compacted, 0, "k", "after")).get(30, TimeUnit.SECONDS);
        }
        assertEquals(
                countValid(cases, plain) + 1 - unreadable,
                readToEnd(bootstrap, new TopicPartition(plain, 0)).size());
        assertEquals(
                cases.size(), readToEnd(bootstrap, new TopicPartition(plain, 1)).size(), "one neighbour each");
        assertEquals(
                countValid(cases, compacted) + 1,
                readToEnd(bootstrap, new TopicPartition(compacted, 0)).size());
    }

    private static Map<String, Case> cases(String plain, String compacted) {
        Answer invalidRecord = Answer.of(Errors.INVALID_RECORD);
        Answer unknown = Answer.of(Errors.UNKNOWN_SERVER_ERROR);
        Answer ok = Answer.of(Errors.NONE);
        Map<String, Case> cases = new LinkedHashMap<>();
        cases.put(
                "record length beyond the batch",
                new Case(plain, MalformedBatches.recordLengthBeyondTheBatch(), invalidRecord));
        cases.put(
                "key length beyond the record",
                new Case(plain, MalformedBatches.keyLengthBeyondTheRecord(), invalidRecord));
        cases.put(
                "flipped byte in gzip data",
                new Case(
                        plain,
                        MalformedBatches.flippedCompressedByte(
                                Compression.gzip().build()),
                        unknown));
        // A flipped byte in snappy data (no checksum in its framing) decodes to other, well-formed records: stored.
        cases.put(
                "flipped byte in snappy data",
                new Case(
                        plain,
                        MalformedBatches.flippedCompressedByte(
                                Compression.snappy().build()),
                        ok));
        cases.put(
                "flipped byte in lz4 data",
                new Case(
                        plain,
                        MalformedBatches.flippedCompressedByte(Compression.lz4().build()),
                        unknown));
        cases.put(
                "flipped byte in zstd data",
                new Case(
                        plain,
                        MalformedBatches.flippedCompressedByte(
                                Compression.zstd().build()),
                        invalidRecord));
        cases.put(
                "lz4 descriptor checksum wrong",
                new Case(plain, MalformedBatches.lz4DescriptorChecksumWrong(), unknown));
        cases.put(
                "uncompressed, attributes say zstd",
                new Case(plain, MalformedBatches.uncompressedButAttributesSay(4), unknown));
        cases.put(
                "uncompressed, attributes say codec 6",
                new Case(plain, MalformedBatches.uncompressedButAttributesSay(6), unknown));
        cases.put("offset deltas out of order", new Case(plain, MalformedBatches.offsetDeltasOutOfOrder(), ok));
        cases.put(
                "record count above the records", new Case(plain, MalformedBatches.countAndDelta(4, 3), invalidRecord));
        cases.put(
                "record count below the records", new Case(plain, MalformedBatches.countAndDelta(2, 1), invalidRecord));
        cases.put(
                "record count disagrees with offsets",
                new Case(plain, MalformedBatches.countAndDelta(2, 2), invalidRecord));
        cases.put(
                "timestamp two hours ahead",
                new Case(
                        plain,
                        MalformedBatches.timestampAhead(7_200_000L),
                        new Answer(
                                Errors.INVALID_TIMESTAMP,
                                "One or more records have been rejected due to invalid timestamp",
                                List.of(0, 1))));
        cases.put(
                "keyless record to a compacted topic",
                new Case(
                        compacted,
                        MalformedBatches.secondRecordKeyless(),
                        new Answer(
                                Errors.INVALID_RECORD,
                                "One or more records have been rejected due to 1 record errors in total, and only showing the"
                                        + " first three errors at most: [RecordError(batchIndex=1, message='Compacted topic"
                                        + " cannot accept message without key in topic partition " + compacted
                                        + "-0')]",
                                List.of(1))));
        cases.put("magic 1", new Case(plain, MalformedBatches.magicOne(), invalidRecord));
        cases.put("control batch from a client", new Case(plain, MalformedBatches.controlBatch(), invalidRecord));
        cases.put("base offset 5", new Case(plain, MalformedBatches.baseOffsetFive(), invalidRecord));
        cases.put(
                "valid keyed batch to the compacted topic",
                new Case(compacted, MalformedBatches.valid("keyed", 2), ok));
        return cases;
    }

    private static int countValid(Map<String, Case> cases, String topic) {
        int n = 0;
        for (Case c : cases.values()) {
            if (c.topic().equals(topic) && c.expected().error() == Errors.NONE) {
                n += MemoryRecords.readableRecords(ByteBuffer.wrap(c.batch()))
                        .batches()
                        .iterator()
                        .next()
                        .countOrNull();
            }
        }
        return n;
    }

    private static Answer answer(ProduceResponseData.PartitionProduceResponse r) {
        return new Answer(
                Errors.forCode(r.errorCode()),
                r.errorMessage(),
                r.recordErrors().stream().map(e -> e.batchIndex()).toList());
    }

    /** Sends {@code batch} to partition 0 of {@code topic} and {@code good} to partition 1 of {@code plain}; key -1 is the latter. */
    private static Map<Integer, ProduceResponseData.PartitionProduceResponse> produce(
            RawKafkaConnection connection, String topic, byte[] batch, String plain, byte[] good) throws Exception {
        ProduceRequestData data = new ProduceRequestData().setAcks((short) -1).setTimeoutMs(30_000);
        ProduceRequestData.TopicProduceData target = new ProduceRequestData.TopicProduceData().setName(topic);
        target.partitionData()
                .add(new ProduceRequestData.PartitionProduceData()
                        .setIndex(0)
                        .setRecords(MemoryRecords.readableRecords(ByteBuffer.wrap(batch))));
        data.topicData().add(target);
        ProduceRequestData.PartitionProduceData neighbour = new ProduceRequestData.PartitionProduceData()
                .setIndex(1)
                .setRecords(MemoryRecords.readableRecords(ByteBuffer.wrap(good)));
        if (topic.equals(plain)) {
            target.partitionData().add(neighbour);
        } else {
            ProduceRequestData.TopicProduceData other = new ProduceRequestData.TopicProduceData().setName(plain);
            other.partitionData().add(neighbour);
            data.topicData().add(other);
        }
        ProduceResponse response = connection.send(new ProduceRequest(data, PRODUCE_VERSION));
        Map<Integer, ProduceResponseData.PartitionProduceResponse> out = new LinkedHashMap<>();
        for (ProduceResponseData.TopicProduceResponse t : response.data().responses()) {
            for (ProduceResponseData.PartitionProduceResponse p : t.partitionResponses()) {
                boolean isNeighbour = t.name().equals(plain) && p.index() == 1;
                out.put(isNeighbour ? -1 : p.index(), p);
            }
        }
        return out;
    }

    /** Every record of the partition up to its end offset, read by the Java consumer. */
    private static List<ConsumerRecord<String, String>> readToEnd(String bootstrap, TopicPartition tp) {
        try (KafkaConsumer<String, String> consumer = consumer(bootstrap)) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            List<ConsumerRecord<String, String>> out = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (consumer.position(tp) < end && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            assertEquals(end, consumer.position(tp), "read to the end of " + tp);
            return out;
        }
    }
}
