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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.apache.kafka.common.errors.OffsetOutOfRangeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Kafka 4.1 Admin createPartitions and deleteRecords against Skiff. */
class AdminPartitionsCompatTest {
    @RegisterExtension
    static final DataCompatSupport.Broker BROKER = new DataCompatSupport.Broker();

    @Test
    void createPartitionsGrowsATopicThatProducersThenUse() throws Exception {
        BROKER.admin()
                .createTopics(List.of(new NewTopic("growing", 1, (short) 1)))
                .all()
                .get();
        BROKER.admin()
                .createPartitions(Map.of("growing", NewPartitions.increaseTo(3)))
                .all()
                .get();
        TopicDescription description = BROKER.admin()
                .describeTopics(List.of("growing"))
                .allTopicNames()
                .get()
                .get("growing");
        assertEquals(3, description.partitions().size());
        assertEquals(
                BROKER.server().nodeId(),
                description.partitions().get(2).leader().id());

        try (KafkaProducer<String, String> producer = DataCompatSupport.producer(BROKER.bootstrapServers());
                KafkaConsumer<String, String> consumer = DataCompatSupport.consumer(BROKER.bootstrapServers())) {
            producer.send(new ProducerRecord<>("growing", 2, "k", "in the new partition"))
                    .get();
            List<ConsumerRecord<String, String>> records =
                    DataCompatSupport.readExactly(consumer, List.of(new TopicPartition("growing", 2)), 1);
            assertEquals("in the new partition", records.get(0).value());
        }

        ExecutionException same = assertThrows(
                ExecutionException.class,
                () -> BROKER.admin()
                        .createPartitions(Map.of("growing", NewPartitions.increaseTo(3)))
                        .all()
                        .get());
        assertInstanceOf(InvalidPartitionsException.class, same.getCause());
        assertEquals("Topic already has 3 partition(s).", same.getCause().getMessage());
        ExecutionException fewer = assertThrows(
                ExecutionException.class,
                () -> BROKER.admin()
                        .createPartitions(Map.of("growing", NewPartitions.increaseTo(2)))
                        .all()
                        .get());
        assertInstanceOf(InvalidPartitionsException.class, fewer.getCause());
        ExecutionException elsewhere = assertThrows(
                ExecutionException.class,
                () -> BROKER.admin()
                        .createPartitions(Map.of(
                                "growing",
                                NewPartitions.increaseTo(
                                        4, List.of(List.of(BROKER.server().nodeId() + 1)))))
                        .all()
                        .get());
        assertInstanceOf(InvalidReplicaAssignmentException.class, elsewhere.getCause());
        BROKER.admin()
                .createPartitions(Map.of(
                        "growing",
                        NewPartitions.increaseTo(
                                4, List.of(List.of(BROKER.server().nodeId())))))
                .all()
                .get();
        assertEquals(
                4,
                BROKER.admin()
                        .describeTopics(List.of("growing"))
                        .allTopicNames()
                        .get()
                        .get("growing")
                        .partitions()
                        .size());
    }

    @Test
    void deleteRecordsMovesTheLowWatermarkSeenByConsumers() throws Exception {
        BROKER.admin()
                .createTopics(List.of(new NewTopic("trimmed", 1, (short) 1)))
                .all()
                .get();
        TopicPartition tp = new TopicPartition("trimmed", 0);
        try (KafkaProducer<String, String> producer = DataCompatSupport.producer(BROKER.bootstrapServers())) {
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>("trimmed", 0, null, "r" + i)).get();
            }
        }
        long low = BROKER.admin()
                .deleteRecords(Map.of(tp, RecordsToDelete.beforeOffset(6)))
                .lowWatermarks()
                .get(tp)
                .get()
                .lowWatermark();
        assertEquals(6, low);
        try (KafkaConsumer<String, String> consumer = DataCompatSupport.consumer(BROKER.bootstrapServers())) {
            consumer.assign(List.of(tp));
            assertEquals(6L, consumer.beginningOffsets(List.of(tp)).get(tp));
            List<ConsumerRecord<String, String>> rest = DataCompatSupport.readExactly(consumer, List.of(tp), 4);
            assertEquals("r6", rest.get(0).value());
        }
        ExecutionException beyond = assertThrows(
                ExecutionException.class,
                () -> BROKER.admin()
                        .deleteRecords(Map.of(tp, RecordsToDelete.beforeOffset(11)))
                        .all()
                        .get());
        assertInstanceOf(OffsetOutOfRangeException.class, beyond.getCause());
        assertEquals(
                10,
                BROKER.admin()
                        .deleteRecords(Map.of(tp, RecordsToDelete.beforeOffset(-1)))
                        .lowWatermarks()
                        .get(tp)
                        .get()
                        .lowWatermark(),
                "-1 deletes up to the high watermark");
    }
}
