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
package io.skiff.compat.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.broker.control.FaultRule;
import io.skiff.broker.control.FaultSpec;
import io.skiff.compat.DataCompatSupport;
import io.skiff.testkit.Skiff;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DeleteRecordsResult;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.OffsetMetadataTooLarge;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An error rule that names one partition (or topic) of a request whose answer has per-partition (per-topic) error
 * fields fails that partition only, changes nothing there, and the request's other partitions are processed: met by
 * the official Admin client (ListOffsets, DeleteRecords, CreateTopics) and consumer (OffsetCommit, OffsetFetch).
 * One broker for the class, reset between tests.
 */
@Skiff
class PartitionFaultRulesCompatTest {
    private static SkiffServer skiff;
    private static Admin admin;

    @BeforeAll
    static void start() {
        admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                skiff.bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                5_000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                10_000));
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
    }

    @AfterEach
    void reset() {
        skiff.reset();
    }

    @Test
    void listOffsetsFailsOnlyTheMatchedPartition() throws Exception {
        skiff.createTopic("lo", 2);
        produce("lo", 0, 2);
        produce("lo", 1, 3);
        FaultRule rule = skiff.faults()
                .add(PartitionFaults.error("ListOffsets", "lo", 0, "TOPIC_AUTHORIZATION_FAILED")
                        .count(1));
        TopicPartition p0 = new TopicPartition("lo", 0);
        TopicPartition p1 = new TopicPartition("lo", 1);
        ListOffsetsResult result = admin.listOffsets(Map.of(p0, OffsetSpec.latest(), p1, OffsetSpec.latest()));
        assertEquals(3L, result.partitionResult(p1).get().offset(), "the other partition is answered");
        ExecutionException failed = assertThrows(
                ExecutionException.class, () -> result.partitionResult(p0).get());
        assertInstanceOf(TopicAuthorizationException.class, failed.getCause());
        assertEquals(1, rule.applied());
        assertEquals(
                2L,
                admin.listOffsets(Map.of(p0, OffsetSpec.latest()))
                        .partitionResult(p0)
                        .get()
                        .offset());
    }

    @Test
    void deleteRecordsDeletesNothingInTheMatchedPartitionAndDeletesInTheOther() throws Exception {
        skiff.createTopic("dr", 2);
        produce("dr", 0, 4);
        produce("dr", 1, 4);
        FaultRule rule = skiff.faults().add(PartitionFaults.error("DeleteRecords", "dr", 0, "POLICY_VIOLATION"));
        TopicPartition p0 = new TopicPartition("dr", 0);
        TopicPartition p1 = new TopicPartition("dr", 1);
        DeleteRecordsResult result =
                admin.deleteRecords(Map.of(p0, RecordsToDelete.beforeOffset(3), p1, RecordsToDelete.beforeOffset(3)));
        assertEquals(3L, result.lowWatermarks().get(p1).get().lowWatermark());
        ExecutionException failed = assertThrows(
                ExecutionException.class, () -> result.lowWatermarks().get(p0).get());
        assertInstanceOf(PolicyViolationException.class, failed.getCause());
        assertEquals(1, rule.applied());
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> earliest = admin.listOffsets(
                        Map.of(p0, OffsetSpec.earliest(), p1, OffsetSpec.earliest()))
                .all()
                .get();
        assertEquals(0L, earliest.get(p0).offset(), "nothing deleted where the rule matched");
        assertEquals(3L, earliest.get(p1).offset());
    }

    @Test
    void offsetCommitCommitsNothingInTheMatchedPartitionAndCommitsTheOther() {
        skiff.createTopic("oc", 2);
        TopicPartition p0 = new TopicPartition("oc", 0);
        TopicPartition p1 = new TopicPartition("oc", 1);
        produce("oc", 0, 5);
        produce("oc", 1, 5);
        FaultRule rule = skiff.faults()
                .add(PartitionFaults.error("OffsetCommit", "oc", 0, "OFFSET_METADATA_TOO_LARGE")
                        .count(1));
        try (KafkaConsumer<String, String> consumer = consumer("oc-group")) {
            consumer.assign(List.of(p0, p1));
            Map<TopicPartition, OffsetAndMetadata> offsets =
                    Map.of(p0, new OffsetAndMetadata(4), p1, new OffsetAndMetadata(5));
            assertThrows(OffsetMetadataTooLarge.class, () -> consumer.commitSync(offsets));
            assertEquals(1, rule.applied());
            Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(Set.of(p0, p1));
            assertNull(committed.get(p0), "nothing committed where the rule matched");
            assertEquals(5L, committed.get(p1).offset());
        }
    }

    @Test
    void offsetFetchAnswersTheMatchedPartitionsErrorAndTheOthersOffset() {
        skiff.createTopic("of", 2);
        TopicPartition p0 = new TopicPartition("of", 0);
        TopicPartition p1 = new TopicPartition("of", 1);
        produce("of", 0, 2);
        produce("of", 1, 2);
        try (KafkaConsumer<String, String> consumer = consumer("of-group")) {
            consumer.assign(List.of(p0, p1));
            consumer.commitSync(Map.of(p0, new OffsetAndMetadata(1), p1, new OffsetAndMetadata(2)));
            FaultRule rule = skiff.faults()
                    .add(PartitionFaults.error("OffsetFetch", "of", 0, "TOPIC_AUTHORIZATION_FAILED")
                            .count(1));
            TopicAuthorizationException failed =
                    assertThrows(TopicAuthorizationException.class, () -> consumer.committed(Set.of(p0, p1)));
            assertEquals(Set.of("of"), failed.unauthorizedTopics(), "only the matched partition's topic");
            assertEquals(1, rule.applied());
            assertEquals(2L, consumer.committed(Set.of(p1)).get(p1).offset());
        }
    }

    @Test
    void createTopicsCreatesAllButTheMatchedTopic() throws Exception {
        FaultRule rule = skiff.faults()
                .add(FaultSpec.builder().api("CreateTopics").topic("ct-refused").error("POLICY_VIOLATION"));
        var result = admin.createTopics(
                List.of(new NewTopic("ct-refused", 1, (short) 1), new NewTopic("ct-ok", 1, (short) 1)));
        result.values().get("ct-ok").get();
        ExecutionException failed = assertThrows(
                ExecutionException.class,
                () -> result.values().get("ct-refused").get());
        assertInstanceOf(PolicyViolationException.class, failed.getCause());
        assertEquals(1, rule.applied());
        Set<String> names = admin.listTopics().names().get();
        assertTrue(names.contains("ct-ok"), names.toString());
        assertTrue(!names.contains("ct-refused"), "the matched topic was not created: " + names);
    }

    private static void produce(String topic, int partition, int count) {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                skiff.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class))) {
            for (int i = 0; i < count; i++) {
                producer.send(new ProducerRecord<>(topic, partition, null, "v" + i));
            }
            producer.flush();
        }
    }

    private static KafkaConsumer<String, String> consumer(String group) {
        // the client's default reset (latest): a group here reads only what comes after it joined
        return DataCompatSupport.consumer(
                skiff.bootstrapServers(), group, Map.of(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"));
    }
}
