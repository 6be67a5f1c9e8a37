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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicCollection;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicIdException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Java Admin client creates, describes and deletes topics on Skiff, and gets Kafka's errors. */
@Skiff(lifecycle = Lifecycle.PER_METHOD, properties = "num.partitions=2")
class AdminTopicsCompatTest {
    private SkiffServer server;
    private Admin admin;

    @BeforeEach
    void start() {
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()));
    }

    @AfterEach
    void stop() {
        admin.close();
    }

    private static Throwable failure(KafkaFuture<?> future) {
        return assertThrows(ExecutionException.class, future::get).getCause();
    }

    @Test
    void createsTopicsWithPartitionsConfigsAndIds() throws Exception {
        CreateTopicsResult result = admin.createTopics(List.of(
                new NewTopic("orders", 3, (short) 1).configs(Map.of("retention.ms", "60000")),
                new NewTopic("defaults", Optional.empty(), Optional.empty())));
        result.all().get();
        assertEquals(3, result.numPartitions("orders").get());
        assertEquals(1, result.replicationFactor("orders").get());
        assertEquals(2, result.numPartitions("defaults").get(), "num.partitions applies");
        assertEquals("60000", result.config("orders").get().get("retention.ms").value());
        Uuid ordersId = result.topicId("orders").get();
        assertNotEquals(Uuid.ZERO_UUID, ordersId);
        assertNotEquals(ordersId, result.topicId("defaults").get());

        assertTrue(admin.listTopics().names().get().containsAll(Set.of("orders", "defaults")));
        TopicDescription orders =
                admin.describeTopics(List.of("orders")).allTopicNames().get().get("orders");
        assertEquals(ordersId, orders.topicId());
        assertEquals(3, orders.partitions().size());
        assertEquals(server.nodeId(), orders.partitions().get(2).leader().id());
        assertFalse(orders.isInternal());
        TopicDescription byId = admin.describeTopics(TopicCollection.ofTopicIds(List.of(ordersId)))
                .allTopicIds()
                .get()
                .get(ordersId);
        assertEquals("orders", byId.name());
        assertTrue(
                Files.isDirectory(server.dataDir().resolve("orders-2")), "a directory per partition, named as Kafka's");
    }

    @Test
    void answersKafkasErrorsForBadRequests() throws Exception {
        admin.createTopics(List.of(new NewTopic("taken", 1, (short) 1))).all().get();
        CreateTopicsResult result = admin.createTopics(List.of(
                new NewTopic("taken", 1, (short) 1),
                new NewTopic("bad name!", 1, (short) 1),
                new NewTopic("x".repeat(250), 1, (short) 1),
                new NewTopic("..", 1, (short) 1),
                new NewTopic("three-replicas", 1, (short) 3),
                new NewTopic("zero-partitions", 0, (short) 1),
                new NewTopic("bad-config", 1, (short) 1).configs(Map.of("retention.ms", "soon")),
                new NewTopic("fine", 1, (short) 1)));
        Map<String, KafkaFuture<Void>> values = result.values();
        assertInstanceOf(TopicExistsException.class, failure(values.get("taken")));
        assertInstanceOf(InvalidTopicException.class, failure(values.get("bad name!")));
        assertInstanceOf(InvalidTopicException.class, failure(values.get("x".repeat(250))));
        assertInstanceOf(InvalidTopicException.class, failure(values.get("..")));
        Throwable rf = failure(values.get("three-replicas"));
        assertInstanceOf(InvalidReplicationFactorException.class, rf);
        assertTrue(rf.getMessage().contains("replication factor of 3 cannot be reached"), rf.getMessage());
        assertInstanceOf(InvalidPartitionsException.class, failure(values.get("zero-partitions")));
        assertInstanceOf(InvalidConfigurationException.class, failure(values.get("bad-config")));
        values.get("fine").get();
        assertEquals(Set.of("taken", "fine"), admin.listTopics().names().get(), "only the valid topics exist");
    }

    @Test
    void validateOnlyChecksWithoutCreating() throws Exception {
        CreateTopicsResult result = admin.createTopics(
                List.of(new NewTopic("dry-run", 4, (short) 1)), new CreateTopicsOptions().validateOnly(true));
        result.all().get();
        assertEquals(4, result.numPartitions("dry-run").get());
        assertFalse(admin.listTopics().names().get().contains("dry-run"));
        assertFalse(Files.exists(server.dataDir().resolve("dry-run-0")));

        admin.createTopics(List.of(new NewTopic("exists", 1, (short) 1))).all().get();
        assertInstanceOf(
                TopicExistsException.class,
                failure(admin.createTopics(
                                List.of(new NewTopic("exists", 1, (short) 1)),
                                new CreateTopicsOptions().validateOnly(true))
                        .all()));
    }

    @Test
    void deletesTopicsByNameAndByIdAndRemovesTheirFiles() throws Exception {
        CreateTopicsResult created =
                admin.createTopics(List.of(new NewTopic("by-name", 2, (short) 1), new NewTopic("by-id", 1, (short) 1)));
        created.all().get();
        Uuid byId = created.topicId("by-id").get();
        Uuid byNameId = created.topicId("by-name").get();
        assertTrue(Files.isDirectory(server.dataDir().resolve("by-name-1")));

        admin.deleteTopics(TopicCollection.ofTopicNames(List.of("by-name")))
                .all()
                .get();
        admin.deleteTopics(TopicCollection.ofTopicIds(List.of(byId))).all().get();
        assertEquals(Set.of(), admin.listTopics().names().get());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> !Files.exists(server.dataDir().resolve("by-name-0"))
                        && !Files.exists(server.dataDir().resolve("by-name-1"))
                        && !Files.exists(server.dataDir().resolve("by-id-0")));

        assertInstanceOf(
                UnknownTopicOrPartitionException.class,
                failure(admin.deleteTopics(TopicCollection.ofTopicNames(List.of("by-name")))
                        .all()));
        assertInstanceOf(
                UnknownTopicIdException.class,
                failure(admin.deleteTopics(TopicCollection.ofTopicIds(List.of(byId)))
                        .all()));

        CreateTopicsResult again = admin.createTopics(List.of(new NewTopic("by-name", 1, (short) 1)));
        again.all().get();
        assertNotEquals(byNameId, again.topicId("by-name").get(), "a re-created topic gets a new id");
    }
}
