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

import static io.skiff.broker.handler.HandlerTestSupport.config;
import static io.skiff.broker.handler.HandlerTestSupport.ctx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.BrokerConfig;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.CreateTopicsResponse;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.DeleteTopicsResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CreateTopics and DeleteTopics. */
class TopicAdminHandlersTest {
    @TempDir
    Path dir;

    private TopicRegistry topics;
    private CreateTopicsHandler create;
    private DeleteTopicsHandler delete;

    @BeforeEach
    void setUp() throws Exception {
        BrokerConfig config = config(dir, "num.partitions", "2");
        topics = TopicRegistry.open(config, Clock.systemUTC());
        create = new CreateTopicsHandler(NodeTopics.singleNode(topics, HandlerTestSupport.NODE_ID), config);
        delete = new DeleteTopicsHandler(topics, true);
    }

    @AfterEach
    void tearDown() {
        topics.close();
    }

    private static CreateTopicsRequest.CreatableTopic topic(String name, int partitions, int rf, String... configs) {
        CreateTopicsRequest.CreatableTopic t = new CreateTopicsRequest.CreatableTopic()
                .setName(name)
                .setNumPartitions(partitions)
                .setReplicationFactor((short) rf);
        for (int i = 0; i < configs.length; i += 2) {
            t.configs()
                    .add(new CreateTopicsRequest.CreatableTopicConfig()
                            .setName(configs[i])
                            .setValue(configs[i + 1]));
        }
        return t;
    }

    private CreateTopicsResponse.CreatableTopicResult create(
            int version, boolean validateOnly, CreateTopicsRequest.CreatableTopic t) {
        CreateTopicsRequest r = new CreateTopicsRequest().setValidateOnly(validateOnly);
        r.topics().add(t);
        return create.handle(ctx(ApiKeys.CREATE_TOPICS, version), r)
                .join()
                .topics()
                .get(0);
    }

    @Test
    void createsWithDefaultsAndAnswersConfigsAndId() {
        CreateTopicsResponse.CreatableTopicResult r = create(7, false, topic("a", -1, -1, "retention.ms", "5000"));
        assertEquals(Errors.NONE.code(), r.errorCode());
        Topic t = topics.topic("a").orElseThrow();
        assertEquals(t.id(), r.topicId());
        assertEquals(2, r.numPartitions());
        assertEquals(1, r.replicationFactor());
        CreateTopicsResponse.CreatableTopicConfigs retention = r.configs().stream()
                .filter(c -> c.name().equals("retention.ms"))
                .findFirst()
                .orElseThrow();
        assertEquals("5000", retention.value());
        assertEquals(1, retention.configSource(), "TOPIC_CONFIG");
    }

    @Test
    void errorsAsKafkaAnswersThem() {
        create(7, false, topic("a", 1, 1));
        assertEquals(
                Errors.TOPIC_ALREADY_EXISTS.code(),
                create(7, false, topic("a", 1, 1)).errorCode());
        assertEquals(
                Errors.INVALID_TOPIC_EXCEPTION.code(),
                create(7, false, topic("a b", 1, 1)).errorCode());
        CreateTopicsResponse.CreatableTopicResult rf = create(7, false, topic("b", 1, 3));
        assertEquals(Errors.INVALID_REPLICATION_FACTOR.code(), rf.errorCode());
        assertEquals(
                "Unable to replicate the partition 3 time(s): The target replication factor of 3 cannot be"
                        + " reached because only 1 broker(s) are registered or some brokers have all their log directories"
                        + " cordoned.",
                rf.errorMessage());
        assertEquals(
                Errors.INVALID_PARTITIONS.code(),
                create(7, false, topic("c", 0, 1)).errorCode());
        CreateTopicsResponse.CreatableTopicResult badConfig = create(7, false, topic("d", 1, 1, "retention.ms", "x"));
        assertEquals(Errors.INVALID_CONFIG.code(), badConfig.errorCode());
        assertTrue(badConfig.errorMessage().contains("retention.ms"), badConfig.errorMessage());
        assertEquals(List.of("a"), topics.topics().stream().map(Topic::name).toList());
    }

    @Test
    void manualAssignmentsAreRefusedWithKafkasMessages() {
        assertEquals(
                "The manual partition assignment includes broker 2, but no such broker is registered.",
                assigned("m", List.of(2)).errorMessage());
        assertEquals(
                "The manual partition assignment includes the broker 1 more than once.",
                assigned("m", List.of(1, 1)).errorMessage());
        assertEquals(
                "The manual partition assignment includes an empty replica list.",
                assigned("m", List.of()).errorMessage());
        assertEquals(
                Errors.INVALID_REPLICA_ASSIGNMENT.code(),
                assigned("m", List.of(2)).errorCode());
        assertEquals(Errors.NONE.code(), assigned("m", List.of(1)).errorCode());
    }

    private CreateTopicsResponse.CreatableTopicResult assigned(String name, List<Integer> replicas) {
        CreateTopicsRequest.CreatableTopic t = topic(name, -1, -1);
        t.assignments()
                .add(new CreateTopicsRequest.CreatableReplicaAssignment()
                        .setPartitionIndex(0)
                        .setBrokerIds(new ArrayList<>(replicas)));
        return create(7, false, t);
    }

    @Test
    void validateOnlyCreatesNothing() {
        CreateTopicsResponse.CreatableTopicResult r = create(7, true, topic("v", 4, 1));
        assertEquals(Errors.NONE.code(), r.errorCode());
        assertEquals(4, r.numPartitions());
        assertEquals(Uuids.ZERO, r.topicId());
        assertTrue(topics.topic("v").isEmpty());
    }

    @Test
    void duplicateNamesInOneRequestAreInvalid() {
        CreateTopicsRequest r = new CreateTopicsRequest();
        r.topics().add(topic("x", 1, 1));
        r.topics().add(topic("x", 2, 1));
        List<CreateTopicsResponse.CreatableTopicResult> res =
                create.handle(ctx(ApiKeys.CREATE_TOPICS, 7), r).join().topics();
        assertEquals(1, res.size());
        assertEquals(Errors.INVALID_REQUEST.code(), res.get(0).errorCode());
    }

    @Test
    void deletesByNameAndByIdAndRemovesFiles() {
        Topic a = topics.createTopic("a", 1, Map.of());
        Topic b = topics.createTopic("b", 1, Map.of());
        DeleteTopicsRequest v5 = new DeleteTopicsRequest().setTopicNames(new ArrayList<>(List.of("a", "zz")));
        DeleteTopicsResponse r5 =
                delete.handle(ctx(ApiKeys.DELETE_TOPICS, 5), v5).join();
        assertEquals(Errors.NONE.code(), r5.responses().get(0).errorCode());
        assertEquals(
                Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), r5.responses().get(1).errorCode());
        assertFalse(Files.exists(dir.resolve("a-0")));
        DeleteTopicsRequest v6 = new DeleteTopicsRequest();
        v6.topics().add(new DeleteTopicsRequest.DeleteTopicState().setName(null).setTopicId(b.id()));
        v6.topics().add(new DeleteTopicsRequest.DeleteTopicState().setName(null).setTopicId(UUID.randomUUID()));
        DeleteTopicsResponse r6 =
                delete.handle(ctx(ApiKeys.DELETE_TOPICS, 6), v6).join();
        assertEquals(Errors.NONE.code(), r6.responses().get(0).errorCode());
        assertEquals("b", r6.responses().get(0).name());
        assertEquals(Errors.UNKNOWN_TOPIC_ID.code(), r6.responses().get(1).errorCode());
        assertTrue(topics.topics().isEmpty());
        assertTrue(topics.topic(a.id()).isEmpty());
    }

    @Test
    void deletionCanBeDisabled() {
        topics.createTopic("a", 1, Map.of());
        DeleteTopicsHandler disabled = new DeleteTopicsHandler(topics, false);
        DeleteTopicsResponse r = disabled.handle(
                        ctx(ApiKeys.DELETE_TOPICS, 5),
                        new DeleteTopicsRequest().setTopicNames(new ArrayList<>(List.of("a"))))
                .join();
        assertEquals(Errors.TOPIC_DELETION_DISABLED.code(), r.responses().get(0).errorCode());
        assertTrue(topics.topic("a").isPresent());
    }
}
