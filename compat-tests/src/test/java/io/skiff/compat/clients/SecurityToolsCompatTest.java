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
package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.security.SecureClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kafka-acls.sh (Kafka 4.1.1's AclCommand) against a SASL listener with an authorizer, as an administrator runs it:
 * its own JVM, the credentials in a {@code --command-config} file. Adds, lists and removes ACLs.
 */
class SecurityToolsCompatTest {
    @TempDir
    Path dir;

    /** Runs a tool's main class in a child JVM with this test's classpath (kafka-tools 4.1.1 is a test dependency). */
    private static ExternalProcess.Result tool(String mainClass, String... args) {
        return ExternalProcess.java(ExternalProcess.testClasspath(), mainClass, args)
                .run("")
                .assertSuccess();
    }

    /** kafka-acls.sh with the connection options {@code asAdmin}, then {@code args} (separated by spaces). */
    private static ExternalProcess.Result aclCommand(String[] asAdmin, String args) {
        List<String> all = new ArrayList<>(List.of(asAdmin));
        all.addAll(List.of(args.split(" ")));
        return tool("org.apache.kafka.tools.AclCommand", all.toArray(String[]::new));
    }

    @Test
    void kafkaAclsAddsListsAndRemovesWithCommandConfig() throws Exception {
        Map<String, String> config = SecureClients.plainSaslListener(
                "SASL_PLAINTEXT://127.0.0.1:0", SecureClients.plainUsers("admin", "admin-secret"));
        config.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        config.put("super.users", "User:admin");
        Path commandConfig = dir.resolve("admin.properties");
        Files.writeString(
                commandConfig,
                "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nsasl.jaas.config="
                        + "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"admin\" "
                        + "password=\"admin-secret\";\n");
        try (SkiffServer server = SkiffServer.builder()
                .dataDir(dir.resolve("data"))
                .config(config)
                .start()) {
            String[] asAdmin = {
                "--bootstrap-server", server.bootstrapServers(), "--command-config", commandConfig.toString()
            };
            aclCommand(
                    asAdmin, "--add --allow-principal User:alice --operation Read --operation Describe --topic orders");
            aclCommand(
                    asAdmin,
                    "--add --allow-principal User:alice --operation Read --group app- --resource-pattern-type prefixed");
            String listed = aclCommand(asAdmin, "--list").stdout();
            assertTrue(
                    listed.contains("ResourcePattern(resourceType=TOPIC, name=orders, patternType=LITERAL)"), listed);
            assertTrue(listed.contains("(principal=User:alice, host=*, operation=READ, permissionType=ALLOW)"), listed);
            assertTrue(
                    listed.contains("(principal=User:alice, host=*, operation=DESCRIBE, permissionType=ALLOW)"),
                    listed);
            assertTrue(listed.contains("ResourcePattern(resourceType=GROUP, name=app-, patternType=PREFIXED)"), listed);

            aclCommand(asAdmin, "--remove --force --topic orders");
            String after = aclCommand(asAdmin, "--list").stdout();
            assertFalse(after.contains("name=orders"), after);
            assertTrue(after.contains("name=app-, patternType=PREFIXED"), after);
        }
    }
}
