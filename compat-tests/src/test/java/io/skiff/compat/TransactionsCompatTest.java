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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactions with the Java client (transaction protocol version 1): commit, abort, transactions in a row,
 * offsets sent to a transaction, fencing of a zombie producer. Each test uses its own topic and transactional id.
 */
class TransactionsCompatTest {
    @RegisterExtension
    static final DataCompatSupport.Broker BROKER = new DataCompatSupport.Broker();

    private static List<String> values(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(ConsumerRecord::value).toList();
    }

    @Test
    void committedTransactionIsReadWithItsMarker() throws Exception {
        BROKER.createTopic("txn-commit", 1);
        try (KafkaProducer<String, String> p = BROKER.transactional("commit-1")) {
            p.beginTransaction();
            for (int i = 0; i < 3; i++) {
                p.send(new ProducerRecord<>("txn-commit", "k" + i, "v" + i));
            }
            p.commitTransaction();
        }
        TopicPartition tp = new TopicPartition("txn-commit", 0);
        try (KafkaConsumer<String, String> c = consumer(BROKER.bootstrapServers())) {
            assertEquals(List.of("v0", "v1", "v2"), values(readExactly(c, List.of(tp), 3)));
            // three records and the COMMIT marker
            assertEquals(4L, c.endOffsets(List.of(tp)).get(tp));
        }
    }

    @Test
    void severalTransactionsInARowCommitAndAbort() throws Exception {
        BROKER.createTopic("txn-row", 2);
        try (KafkaProducer<String, String> p = BROKER.transactional("row-1")) {
            for (int t = 0; t < 5; t++) {
                p.beginTransaction();
                p.send(new ProducerRecord<>("txn-row", t % 2, null, "t" + t)).get();
                if (t % 2 == 0) {
                    p.commitTransaction();
                } else {
                    p.abortTransaction();
                }
            }
        }
        Map<TopicPartition, Long> ends;
        try (KafkaConsumer<String, String> c = consumer(BROKER.bootstrapServers())) {
            ends = c.endOffsets(List.of(new TopicPartition("txn-row", 0), new TopicPartition("txn-row", 1)));
        }
        // each transaction wrote one record and one marker to its partition: 3 to partition 0, 2 to partition 1
        assertEquals(6L, ends.get(new TopicPartition("txn-row", 0)));
        assertEquals(4L, ends.get(new TopicPartition("txn-row", 1)));
    }

    @Test
    void readCommittedSeesCommittedDataOnlyInOrderAndReadUncommittedSeesAll() throws Exception {
        BROKER.createTopic("txn-isolation", 1);
        TopicPartition tp = new TopicPartition("txn-isolation", 0);
        try (KafkaProducer<String, String> p = BROKER.transactional("isolation-1")) {
            p.beginTransaction();
            p.send(new ProducerRecord<>(tp.topic(), "c1"));
            p.send(new ProducerRecord<>(tp.topic(), "c2"));
            p.commitTransaction();
            p.beginTransaction();
            p.send(new ProducerRecord<>(tp.topic(), "a1")).get();
            p.abortTransaction();
            p.beginTransaction();
            p.send(new ProducerRecord<>(tp.topic(), "c3"));
            p.commitTransaction();
        }
        try (KafkaConsumer<String, String> c =
                consumer(BROKER.bootstrapServers(), "isolation.level", "read_committed")) {
            assertEquals(List.of("c1", "c2", "c3"), values(readExactly(c, List.of(tp), 3)));
            // nothing more arrives: the aborted record is never delivered
            assertTrue(c.poll(Duration.ofMillis(300)).isEmpty());
        }
        try (KafkaConsumer<String, String> c = consumer(BROKER.bootstrapServers())) {
            assertEquals(List.of("c1", "c2", "a1", "c3"), values(readExactly(c, List.of(tp), 4)));
        }
    }

    @Test
    void anOpenTransactionHoldsBackReadCommittedAtTheLastStableOffset() throws Exception {
        BROKER.createTopic("txn-lso", 1);
        TopicPartition tp = new TopicPartition("txn-lso", 0);
        try (KafkaProducer<String, String> plain = producer(BROKER.bootstrapServers());
                KafkaProducer<String, String> p = BROKER.transactional("lso-1")) {
            plain.send(new ProducerRecord<>(tp.topic(), "before")).get();
            p.beginTransaction();
            p.send(new ProducerRecord<>(tp.topic(), "open")).get();
            plain.send(new ProducerRecord<>(tp.topic(), "after")).get();
            try (KafkaConsumer<String, String> committed =
                            consumer(BROKER.bootstrapServers(), "isolation.level", "read_committed");
                    KafkaConsumer<String, String> uncommitted = consumer(BROKER.bootstrapServers())) {
                assertEquals(1L, committed.endOffsets(List.of(tp)).get(tp)); // the LSO: the open transaction's start
                assertEquals(3L, uncommitted.endOffsets(List.of(tp)).get(tp));
                assertEquals(List.of("before"), values(readExactly(committed, List.of(tp), 1)));
                p.commitTransaction();
                List<ConsumerRecord<String, String>> rest = readExactly(committed, List.of(tp), 2);
                assertEquals(List.of("open", "after"), values(rest));
            }
        }
    }

    @Test
    void offsetsSentToATransactionAreCommittedWithIt() throws Exception {
        sendOffsetsToATransactionAndCommitIt("txn-offsets", "classic");
    }

    /** The member's id and epoch go with the offsets (TxnOffsetCommit), checked as a commit of the member. */
    @Test
    void offsetsOfAConsumerProtocolMemberSentToATransactionAreCommittedWithIt() throws Exception {
        sendOffsetsToATransactionAndCommitIt("txn-offsets-848", "consumer");
    }

    /**
     * A consumer of {@code groupProtocol} in group {@code <name>-group} reads 4 records of {@code <name>-in}; a
     * transactional producer sends offset 2 to a transaction with the consumer's group metadata: committed only with
     * the transaction.
     */
    private static void sendOffsetsToATransactionAndCommitIt(String name, String groupProtocol) throws Exception {
        BROKER.createTopic(name + "-in", 1);
        TopicPartition in = new TopicPartition(name + "-in", 0);
        try (KafkaProducer<String, String> plain = producer(BROKER.bootstrapServers())) {
            for (int i = 0; i < 4; i++) {
                plain.send(new ProducerRecord<>(in.topic(), "in" + i)).get();
            }
        }
        String group = name + "-group";
        try (KafkaConsumer<String, String> c =
                        consumer(BROKER.bootstrapServers(), "group.id", group, "group.protocol", groupProtocol);
                KafkaProducer<String, String> p = BROKER.transactional(name + "-1")) {
            c.subscribe(List.of(in.topic()));
            List<ConsumerRecord<String, String>> got = new java.util.ArrayList<>();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
                c.poll(Duration.ofMillis(100)).forEach(got::add);
                return got.size() >= 4;
            });
            p.beginTransaction();
            p.send(new ProducerRecord<>(in.topic(), "ignored")); // any data partition
            p.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(2)), c.groupMetadata());
            // not visible before the commit
            assertEquals(null, BROKER.committedOffsets(group).get(in));
            p.commitTransaction();
        }
        Map<TopicPartition, OffsetAndMetadata> committed = BROKER.committedOffsets(group);
        assertEquals(2L, committed.get(in).offset());
    }

    @Test
    void abortedOffsetsAreNeverCommitted() throws Exception {
        BROKER.createTopic("txn-offsets-abort", 1);
        TopicPartition in = new TopicPartition("txn-offsets-abort", 0);
        String group = "txn-abort-group";
        try (KafkaConsumer<String, String> c = consumer(BROKER.bootstrapServers(), "group.id", group);
                KafkaProducer<String, String> p = BROKER.transactional("offsets-abort-1")) {
            p.beginTransaction();
            p.send(new ProducerRecord<>(in.topic(), "x"));
            p.sendOffsetsToTransaction(Map.of(in, new OffsetAndMetadata(7)), c.groupMetadata());
            p.abortTransaction();
        }
        assertTrue(BROKER.committedOffsets(group).isEmpty());
    }

    @Test
    void aNewInstanceFencesTheZombie() throws Exception {
        BROKER.createTopic("txn-fence", 1);
        KafkaProducer<String, String> zombie = BROKER.transactional("fence-1");
        try {
            zombie.beginTransaction();
            zombie.send(new ProducerRecord<>("txn-fence", "zombie")).get();
            try (KafkaProducer<String, String> fresh = BROKER.transactional("fence-1")) {
                fresh.beginTransaction();
                fresh.send(new ProducerRecord<>("txn-fence", "fresh")).get();
                fresh.commitTransaction();
            }
            assertThrows(ProducerFencedException.class, zombie::commitTransaction);
        } finally {
            zombie.close(Duration.ZERO);
        }
        TopicPartition tp = new TopicPartition("txn-fence", 0);
        try (KafkaConsumer<String, String> c = consumer(BROKER.bootstrapServers())) {
            // zombie's record, its ABORT marker (written when the new instance initialized), fresh's record, COMMIT
            assertEquals(4L, c.endOffsets(Set.of(tp)).get(tp));
        }
    }

    @Test
    void aTransactionalIdNeedsATimeoutWithinTheMaximum() {
        Exception e;
        try (KafkaProducer<String, String> tooLong = producer(
                BROKER.bootstrapServers(),
                "transactional.id",
                "too-long",
                "transaction.timeout.ms",
                "900001",
                "max.block.ms",
                "10000")) {
            e = assertThrows(Exception.class, tooLong::initTransactions);
        }
        assertTrue(
                String.valueOf(e.getMessage()).contains("transaction timeout")
                        || e instanceof org.apache.kafka.common.errors.InvalidTxnTimeoutException
                        || e.getCause() instanceof ExecutionException,
                String.valueOf(e));
    }
}
