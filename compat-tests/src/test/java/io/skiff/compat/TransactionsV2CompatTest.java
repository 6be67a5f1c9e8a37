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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transaction protocol version 2 (KIP-890) with the Java 4.1 client, which uses it because Skiff finalizes
 * {@code transaction.version} 2: the coordinator bumps the producer epoch at every commit and abort (a version 1
 * client keeps its epoch, so the epoch proves which protocol ran), the markers carry the bumped epoch, partitions
 * and groups join the transaction without AddPartitionsToTxn or AddOffsetsToTxn, a zombie is fenced, and
 * read_committed reads committed data only. Each test uses its own topic and transactional id.
 */
class TransactionsV2CompatTest {
    @RegisterExtension
    static final DataCompatSupport.Broker BROKER = new DataCompatSupport.Broker();

    private static TransactionDescription describe(String transactionalId) throws Exception {
        return BROKER.admin()
                .describeTransactions(List.of(transactionalId))
                .description(transactionalId)
                .get();
    }

    private static List<String> values(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(ConsumerRecord::value).toList();
    }

    @Test
    void everyCommitAndAbortBumpsTheEpochAndTheMarkersCarryIt() throws Exception {
        BROKER.createTopic("tv2-row", 1);
        TopicPartition tp = new TopicPartition("tv2-row", 0);
        List<Integer> epochs = new ArrayList<>();
        try (KafkaProducer<String, String> p = BROKER.transactional("tv2-row-1")) {
            long producerId = describe("tv2-row-1").producerId();
            epochs.add(describe("tv2-row-1").producerEpoch());
            for (int t = 0; t < 5; t++) {
                p.beginTransaction();
                p.send(new ProducerRecord<>(tp.topic(), "t" + t)).get();
                if (t % 2 == 0) {
                    p.commitTransaction();
                } else {
                    p.abortTransaction();
                }
                TransactionDescription d = describe("tv2-row-1");
                assertEquals(producerId, d.producerId());
                assertEquals(
                        t % 2 == 0 ? TransactionState.COMPLETE_COMMIT : TransactionState.COMPLETE_ABORT, d.state());
                epochs.add(d.producerEpoch());
            }
        }
        // Version 2: one bump per transaction (a version 1 client would stay at its first epoch).
        int first = epochs.get(0);
        assertEquals(List.of(first, first + 1, first + 2, first + 3, first + 4, first + 5), epochs);
        // The partition's producer state is the last marker's: written with the bumped epoch, nothing open.
        List<ProducerState> producers = BROKER.activeProducers(tp);
        assertEquals(1, producers.size());
        assertEquals(first + 5, producers.get(0).producerEpoch());
        assertTrue(producers.get(0).currentTransactionStartOffset().isEmpty());
        try (KafkaConsumer<String, String> c =
                consumer(BROKER.bootstrapServers(), "isolation.level", "read_committed")) {
            assertEquals(List.of("t0", "t2", "t4"), values(readExactly(c, List.of(tp), 3)));
            assertTrue(c.poll(Duration.ofMillis(300)).isEmpty()); // the aborted records are never delivered
            assertEquals(10L, c.endOffsets(List.of(tp)).get(tp)); // five records, five markers
        }
    }

    @Test
    void consumeTransformProduceCommitsTheGroupsOffsetsWithEachTransaction() throws Exception {
        BROKER.createTopic("tv2-in", 1);
        BROKER.createTopic("tv2-out", 1);
        TopicPartition in = new TopicPartition("tv2-in", 0);
        TopicPartition out = new TopicPartition("tv2-out", 0);
        try (KafkaProducer<String, String> plain = producer(BROKER.bootstrapServers())) {
            for (int i = 0; i < 6; i++) {
                plain.send(new ProducerRecord<>(in.topic(), "in" + i)).get();
            }
        }
        String group = "tv2-group";
        int transactions = 0;
        try (KafkaConsumer<String, String> c = consumer(
                        BROKER.bootstrapServers(),
                        "group.id",
                        group,
                        "isolation.level",
                        "read_committed",
                        "enable.auto.commit",
                        "false");
                KafkaProducer<String, String> p = BROKER.transactional("tv2-etl")) {
            c.subscribe(List.of(in.topic()));
            int epochBefore = describe("tv2-etl").producerEpoch();
            long[] consumed = {0};
            while (consumed[0] < 6) {
                List<ConsumerRecord<String, String>> batch = new ArrayList<>();
                Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                    c.poll(Duration.ofMillis(100)).forEach(batch::add);
                    return !batch.isEmpty();
                });
                p.beginTransaction();
                for (ConsumerRecord<String, String> r : batch) {
                    p.send(new ProducerRecord<>(out.topic(), r.value().replace("in", "out")));
                }
                consumed[0] = batch.get(batch.size() - 1).offset() + 1;
                Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                offsets.put(in, new OffsetAndMetadata(consumed[0]));
                p.sendOffsetsToTransaction(offsets, c.groupMetadata());
                p.commitTransaction();
                transactions++;
            }
            assertEquals(epochBefore + transactions, describe("tv2-etl").producerEpoch());
        }
        assertEquals(6L, BROKER.committedOffsets(group).get(in).offset());
        try (KafkaConsumer<String, String> c =
                consumer(BROKER.bootstrapServers(), "isolation.level", "read_committed")) {
            assertEquals(
                    List.of("out0", "out1", "out2", "out3", "out4", "out5"), values(readExactly(c, List.of(out), 6)));
        }
    }

    @Test
    void abortedOffsetsAreNeverCommitted() throws Exception {
        BROKER.createTopic("tv2-offsets-abort", 1);
        TopicPartition in = new TopicPartition("tv2-offsets-abort", 0);
        String group = "tv2-abort-group";
        try (KafkaConsumer<String, String> c = consumer(BROKER.bootstrapServers(), "group.id", group);
                KafkaProducer<String, String> p = BROKER.transactional("tv2-offsets-abort-1")) {
            p.beginTransaction();
            p.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(7)), c.groupMetadata());
            p.abortTransaction();
            p.beginTransaction();
            p.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(3)), c.groupMetadata());
            p.commitTransaction();
        }
        assertEquals(3L, BROKER.committedOffsets(group).get(in).offset());
    }

    @Test
    void aNewInstanceFencesTheZombieAfterSeveralBumps() throws Exception {
        BROKER.createTopic("tv2-fence", 1);
        TopicPartition tp = new TopicPartition("tv2-fence", 0);
        KafkaProducer<String, String> zombie = BROKER.transactional("tv2-fence-1");
        try {
            for (int t = 0; t < 3; t++) {
                zombie.beginTransaction();
                zombie.send(new ProducerRecord<>(tp.topic(), "early" + t)).get();
                zombie.commitTransaction();
            }
            zombie.beginTransaction();
            zombie.send(new ProducerRecord<>(tp.topic(), "zombie")).get();
            int zombieEpoch = describe("tv2-fence-1").producerEpoch();
            try (KafkaProducer<String, String> fresh = BROKER.transactional("tv2-fence-1")) {
                // the open transaction was aborted with one bump, then the new instance got the next epoch
                assertEquals(zombieEpoch + 2, describe("tv2-fence-1").producerEpoch());
                fresh.beginTransaction();
                fresh.send(new ProducerRecord<>(tp.topic(), "fresh")).get();
                fresh.commitTransaction();
            }
            assertThrows(ProducerFencedException.class, zombie::commitTransaction);
        } finally {
            zombie.close(Duration.ZERO);
        }
        try (KafkaConsumer<String, String> c =
                consumer(BROKER.bootstrapServers(), "isolation.level", "read_committed")) {
            assertEquals(List.of("early0", "early1", "early2", "fresh"), values(readExactly(c, List.of(tp), 4)));
            assertTrue(c.poll(Duration.ofMillis(300)).isEmpty());
        }
    }
}
