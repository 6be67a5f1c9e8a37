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
import io.skiff.compat.RealKafka;
import io.skiff.testkit.Skiff;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.quota.ClientQuotaFilter;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka 4.4's own kafka-configs ({@code org.apache.kafka.tools.ConfigCommand}, from Kafka's jars, in its own JVM) managing SCRAM
 * users over a SASL_PLAINTEXT listener with the admin's credentials in {@code --command-config}, as the Kafka docs
 * show: add a credential, describe it (the tool also sends DescribeClientQuotas), log in with it, delete it.
 */
@Skiff(
        properties = {
            "listeners=SASL_PLAINTEXT://127.0.0.1:0",
            "sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256",
            "listener.name.sasl_plaintext.plain.sasl.jaas.config=" + ConfigCommandScramCompatTest.JAAS,
            "authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer",
            "super.users=User:admin"
        })
class ConfigCommandScramCompatTest {
    static final String JAAS =
            "org.apache.kafka.common.security.plain.PlainLoginModule required " + "user_admin=\"admin-secret\";";
    private static final String TOPIC = "scram-cli";

    @TempDir
    Path dataDir;

    private static SkiffServer server;

    /** Runs kafka-configs in a child JVM on Kafka's own jars; fails the test unless it exits with 0. */
    private String kafkaConfigs(String bootstrap, Path commandConfig, String... args) {
        List<String> command =
                new ArrayList<>(List.of("--bootstrap-server", bootstrap, "--command-config", commandConfig.toString()));
        command.addAll(List.of(args));
        return RealKafka.runTool("org.apache.kafka.tools.ConfigCommand", command);
    }

    @Test
    void kafkaConfigsAddsDescribesAndDeletesScramUsers() throws Exception {
        String bootstrap = server.bootstrapServers();
        Map<String, Object> admin = SecureClients.plainSasl("SASL_PLAINTEXT", "admin", "admin-secret");
        Path commandConfig = dataDir.resolve("admin.properties");
        StringBuilder properties = new StringBuilder();
        admin.forEach((k, v) -> properties.append(k).append('=').append(v).append('\n'));
        Files.writeString(commandConfig, properties, StandardCharsets.UTF_8);
        try (Admin adminClient = SecureClients.admin(bootstrap, admin)) {
            adminClient
                    .createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1)))
                    .all()
                    .get(20, TimeUnit.SECONDS);
            adminClient
                    .createAcls(List.of(new AclBinding(
                            new ResourcePattern(ResourceType.TOPIC, TOPIC, PatternType.LITERAL),
                            new AccessControlEntry("User:alice", "*", AclOperation.WRITE, AclPermissionType.ALLOW))))
                    .all()
                    .get(20, TimeUnit.SECONDS);
        }

        String added = kafkaConfigs(
                bootstrap,
                commandConfig,
                "--alter",
                "--add-config",
                "SCRAM-SHA-256=[iterations=8192,password=alice-secret]",
                "--entity-type",
                "users",
                "--entity-name",
                "alice");
        assertEquals("Completed updating config for user alice.", added.strip());
        String described = kafkaConfigs(
                bootstrap, commandConfig, "--describe", "--entity-type", "users", "--entity-name", "alice");
        assertEquals(
                "SCRAM credential configs for user-principal 'alice' are SCRAM-SHA-256=iterations=8192",
                described.strip());

        Map<String, Object> alice = SecureClients.scram("SASL_PLAINTEXT", "SCRAM-SHA-256", "alice", "alice-secret");
        try (KafkaProducer<String, String> producer = SecureClients.producer(bootstrap, alice)) {
            RecordMetadata sent =
                    producer.send(new ProducerRecord<>(TOPIC, "k", "v")).get(20, TimeUnit.SECONDS);
            assertEquals(0, sent.offset());
        }
        // alice may produce but not describe quotas: DescribeClientQuotas needs DESCRIBE_CONFIGS on the cluster
        try (Admin aliceAdmin = SecureClients.admin(bootstrap, alice)) {
            ExecutionException denied = assertThrows(
                    ExecutionException.class,
                    () -> aliceAdmin
                            .describeClientQuotas(ClientQuotaFilter.all())
                            .entities()
                            .get(20, TimeUnit.SECONDS));
            assertInstanceOf(ClusterAuthorizationException.class, denied.getCause());
        }

        String deleted = kafkaConfigs(
                bootstrap,
                commandConfig,
                "--alter",
                "--delete-config",
                "SCRAM-SHA-256",
                "--entity-type",
                "users",
                "--entity-name",
                "alice");
        assertEquals("Completed updating config for user alice.", deleted.strip());
        assertEquals(
                "",
                kafkaConfigs(bootstrap, commandConfig, "--describe", "--entity-type", "users", "--entity-name", "alice")
                        .strip());
        try (Admin aliceAdmin = SecureClients.admin(bootstrap, alice)) {
            ExecutionException e = assertThrows(
                    ExecutionException.class,
                    () -> aliceAdmin.listTopics().names().get(15, TimeUnit.SECONDS));
            assertInstanceOf(SaslAuthenticationException.class, e.getCause());
            assertEquals(
                    "Authentication failed during authentication due to invalid credentials with SASL mechanism "
                            + "SCRAM-SHA-256",
                    e.getCause().getMessage());
        }
    }
}
