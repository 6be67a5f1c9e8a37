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
package io.skiff.compat.security;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SecurityDisabledException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACLs with Kafka's StandardAuthorizer semantics, driven by the Java admin client: a principal without rights gets
 * each authorization error, and the same client works once the ACL is added; ACLs survive a restart.
 */
class AclCompatTest {

    @TempDir
    Path dataDir;

    private SkiffServer start() {
        Map<String, String> config = SecureClients.plainSaslListener(
                "SASL_PLAINTEXT://127.0.0.1:0",
                SecureClients.plainUsers("admin", "admin-secret", "alice", "alice-secret"));
        config.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        config.put("super.users", "User:admin");
        return SkiffServer.builder().dataDir(dataDir).config(config).start();
    }

    private static Map<String, Object> admin() {
        return SecureClients.plainSasl("SASL_PLAINTEXT", "admin", "admin-secret");
    }

    private static Map<String, Object> alice() {
        return SecureClients.plainSasl("SASL_PLAINTEXT", "alice", "alice-secret");
    }

    private static AclBinding allow(ResourceType type, String name, PatternType pattern, AclOperation op) {
        return new AclBinding(
                new ResourcePattern(type, name, pattern),
                new AccessControlEntry("User:alice", "*", op, AclPermissionType.ALLOW));
    }

    private static Throwable cause(ThrowingRunnable action) {
        ExecutionException e = assertThrows(ExecutionException.class, action::run);
        return e.getCause();
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    void aPrincipalWithoutRightsGetsEachAuthorizationErrorUntilTheAclIsAdded() throws Exception {
        try (SkiffServer server = start();
                Admin superUser = SecureClients.admin(server.bootstrapServers(), admin());
                Admin aliceAdmin = SecureClients.admin(server.bootstrapServers(), alice())) {
            superUser
                    .createTopics(List.of(new NewTopic("orders", 1, (short) 1)))
                    .all()
                    .get(20, TimeUnit.SECONDS);

            // CLUSTER_AUTHORIZATION_FAILED: alice may not manage ACLs
            assertInstanceOf(
                    ClusterAuthorizationException.class,
                    cause(() -> aliceAdmin
                            .createAcls(List.of(
                                    allow(ResourceType.TOPIC, "orders", PatternType.LITERAL, AclOperation.READ)))
                            .all()
                            .get(20, TimeUnit.SECONDS)));
            // TOPIC_AUTHORIZATION_FAILED: alice may not create or describe topics
            assertInstanceOf(
                    TopicAuthorizationException.class,
                    cause(() -> aliceAdmin
                            .createTopics(List.of(new NewTopic("alice-topic", 1, (short) 1)))
                            .all()
                            .get(20, TimeUnit.SECONDS)));
            assertEquals(Set.of(), aliceAdmin.listTopics().names().get(20, TimeUnit.SECONDS));
            // Produce without WRITE
            try (KafkaProducer<String, String> producer = SecureClients.producer(server.bootstrapServers(), alice())) {
                Throwable denied = cause(() ->
                        producer.send(new ProducerRecord<>("orders", "k", "v")).get(20, TimeUnit.SECONDS));
                assertInstanceOf(TopicAuthorizationException.class, denied);
            }
            // GROUP_AUTHORIZATION_FAILED: consuming in a group without READ on it
            superUser
                    .createAcls(List.of(allow(ResourceType.TOPIC, "ord", PatternType.PREFIXED, AclOperation.ALL)))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            try (KafkaConsumer<String, String> consumer =
                    SecureClients.consumer(server.bootstrapServers(), "alice-group", alice())) {
                consumer.subscribe(List.of("orders"));
                KafkaException e = assertThrows(KafkaException.class, () -> {
                    for (int i = 0; i < 100; i++) {
                        consumer.poll(Duration.ofMillis(200));
                    }
                });
                assertInstanceOf(GroupAuthorizationException.class, e);
            }
            // TRANSACTIONAL_ID_AUTHORIZATION_FAILED: a transactional producer without WRITE on its id
            Map<String, Object> transactional = new HashMap<>(alice());
            transactional.put("transactional.id", "alice-tx");
            try (KafkaProducer<String, String> producer =
                    SecureClients.producer(server.bootstrapServers(), transactional)) {
                assertThrows(TransactionalIdAuthorizationException.class, producer::initTransactions);
            }

            // With the ACLs added, the same client works.
            superUser
                    .createAcls(List.of(
                            allow(ResourceType.GROUP, "alice-", PatternType.PREFIXED, AclOperation.READ),
                            allow(ResourceType.TRANSACTIONAL_ID, "alice-", PatternType.PREFIXED, AclOperation.WRITE)))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            try (KafkaProducer<String, String> producer =
                    SecureClients.producer(server.bootstrapServers(), transactional)) {
                producer.initTransactions();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>("orders", "tx", "in-a-transaction"));
                producer.commitTransaction();
            }
            try (KafkaProducer<String, String> producer = SecureClients.producer(server.bootstrapServers(), alice())) {
                producer.send(new ProducerRecord<>("orders", "k", "v")).get(20, TimeUnit.SECONDS);
            }
            try (KafkaConsumer<String, String> consumer =
                    SecureClients.consumer(server.bootstrapServers(), "alice-group", alice())) {
                consumer.subscribe(List.of("orders"));
                int[] read = {0};
                await().atMost(Duration.ofSeconds(30)).until(() -> {
                    read[0] += consumer.poll(Duration.ofMillis(200)).count();
                    return read[0] >= 2;
                });
                consumer.commitSync();
            }
            assertEquals(Set.of("orders"), aliceAdmin.listTopics().names().get(20, TimeUnit.SECONDS));

            // Authorized operations are computed for the principal.
            Set<AclOperation> topicOps = aliceAdmin
                    .describeTopics(List.of("orders"), new DescribeTopicsOptions().includeAuthorizedOperations(true))
                    .allTopicNames()
                    .get(20, TimeUnit.SECONDS)
                    .get("orders")
                    .authorizedOperations();
            assertEquals(
                    Set.of(
                            AclOperation.READ,
                            AclOperation.WRITE,
                            AclOperation.CREATE,
                            AclOperation.DESCRIBE,
                            AclOperation.DELETE,
                            AclOperation.ALTER,
                            AclOperation.DESCRIBE_CONFIGS,
                            AclOperation.ALTER_CONFIGS),
                    topicOps);
            Set<AclOperation> clusterOps = aliceAdmin
                    .describeCluster(new DescribeClusterOptions().includeAuthorizedOperations(true))
                    .authorizedOperations()
                    .get(20, TimeUnit.SECONDS);
            assertEquals(Set.of(), clusterOps);
        }
    }

    @Test
    void aclsAreListedDeletedAndSurviveARestart() throws Exception {
        AclBinding read = allow(ResourceType.TOPIC, "orders", PatternType.LITERAL, AclOperation.READ);
        AclBinding group = allow(ResourceType.GROUP, "g-", PatternType.PREFIXED, AclOperation.READ);
        try (SkiffServer server = start();
                Admin admin = SecureClients.admin(server.bootstrapServers(), admin())) {
            admin.createAcls(List.of(read, group)).all().get(20, TimeUnit.SECONDS);
        }
        try (SkiffServer server = start();
                Admin admin = SecureClients.admin(server.bootstrapServers(), admin())) {
            Collection<AclBinding> all =
                    admin.describeAcls(AclBindingFilter.ANY).values().get(20, TimeUnit.SECONDS);
            assertEquals(Set.of(read, group), Set.copyOf(all));
            AclBindingFilter topicsOnly = new AclBindingFilter(
                    new ResourcePatternFilter(ResourceType.TOPIC, null, PatternType.ANY), AccessControlEntryFilter.ANY);
            assertEquals(
                    List.of(read),
                    List.copyOf(admin.describeAcls(topicsOnly).values().get(20, TimeUnit.SECONDS)));
            Collection<AclBinding> deleted =
                    admin.deleteAcls(List.of(topicsOnly)).all().get(20, TimeUnit.SECONDS);
            assertEquals(List.of(read), List.copyOf(deleted));
            assertEquals(
                    List.of(group),
                    List.copyOf(
                            admin.describeAcls(AclBindingFilter.ANY).values().get(20, TimeUnit.SECONDS)));
        }
    }

    @Test
    void withoutAnAuthorizerAclRequestsGetSecurityDisabled() throws Exception {
        try (SkiffServer server = SkiffServer.builder().dataDir(dataDir).start();
                Admin admin = SecureClients.admin(server.bootstrapServers(), Map.of())) {
            assertInstanceOf(
                    SecurityDisabledException.class,
                    cause(() ->
                            admin.describeAcls(AclBindingFilter.ANY).values().get(20, TimeUnit.SECONDS)));
            assertTrue(admin.listTopics().names().get(20, TimeUnit.SECONDS).isEmpty());
        }
    }
}
