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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;

/**
 * The transaction admin APIs under ACLs (StandardAuthorizer): a principal without rights cannot describe another's
 * transactional id, does not see it listed, cannot describe a topic's producers and cannot write markers.
 */
@Skiff(
        properties = {
            "listeners=SASL_PLAINTEXT://127.0.0.1:0",
            "sasl.enabled.mechanisms=PLAIN",
            "listener.name.sasl_plaintext.plain.sasl.jaas.config=" + TransactionAclCompatTest.JAAS,
            "authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer",
            "super.users=User:admin"
        })
class TransactionAclCompatTest {
    static final String JAAS = "org.apache.kafka.common.security.plain.PlainLoginModule required "
            + "user_admin=\"admin-secret\" user_alice=\"alice-secret\";";

    @Test
    void transactionAdminCallsNeedTheirAcls(SkiffServer server) throws Exception {
        Map<String, Object> admin = SecureClients.plainSasl("SASL_PLAINTEXT", "admin", "admin-secret");
        Map<String, Object> alice = SecureClients.plainSasl("SASL_PLAINTEXT", "alice", "alice-secret");
        try (Admin superUser = SecureClients.admin(server.bootstrapServers(), admin);
                Admin aliceAdmin = SecureClients.admin(server.bootstrapServers(), alice)) {
            superUser
                    .createTopics(List.of(new NewTopic("orders", 1, (short) 1)))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            Map<String, Object> transactional = SecureClients.merge(
                    admin,
                    Map.of(
                            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                            "admin-txn",
                            ProducerConfig.MAX_BLOCK_MS_CONFIG,
                            "20000"));
            try (KafkaProducer<String, String> producer =
                    SecureClients.producer(server.bootstrapServers(), transactional)) {
                producer.initTransactions();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>("orders", "open")).get(20, TimeUnit.SECONDS);

                assertEquals(
                        1,
                        superUser
                                .listTransactions()
                                .all()
                                .get(20, TimeUnit.SECONDS)
                                .size());
                assertEquals(
                        0,
                        aliceAdmin
                                .listTransactions()
                                .all()
                                .get(20, TimeUnit.SECONDS)
                                .size());
                assertInstanceOf(
                        TransactionalIdAuthorizationException.class,
                        cause(() -> aliceAdmin
                                .describeTransactions(List.of("admin-txn"))
                                .all()
                                .get(20, TimeUnit.SECONDS)));
                TopicPartition tp = new TopicPartition("orders", 0);
                assertInstanceOf(
                        TopicAuthorizationException.class,
                        cause(() ->
                                aliceAdmin.describeProducers(List.of(tp)).all().get(20, TimeUnit.SECONDS)));
                long producerId = superUser
                        .describeTransactions(List.of("admin-txn"))
                        .description("admin-txn")
                        .get(20, TimeUnit.SECONDS)
                        .producerId();
                // the admin client finds the partition's leader first: alice may describe the topic, not write markers
                superUser
                        .createAcls(List.of(new AclBinding(
                                new ResourcePattern(ResourceType.TOPIC, "orders", PatternType.LITERAL),
                                new AccessControlEntry(
                                        "User:alice", "*", AclOperation.DESCRIBE, AclPermissionType.ALLOW))))
                        .all()
                        .get(20, TimeUnit.SECONDS);
                assertInstanceOf(
                        ClusterAuthorizationException.class,
                        cause(() -> aliceAdmin
                                .abortTransaction(new AbortTransactionSpec(tp, producerId, (short) 0, 0))
                                .all()
                                .get(20, TimeUnit.SECONDS)));
                producer.abortTransaction();
            }
        }
    }

    private static Throwable cause(Action action) {
        ExecutionException e = assertThrows(ExecutionException.class, action::run);
        return e.getCause();
    }

    private interface Action {
        void run() throws Exception;
    }
}
