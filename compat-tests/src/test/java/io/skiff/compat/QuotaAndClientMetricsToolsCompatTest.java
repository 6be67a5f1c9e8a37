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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.apache.kafka.tools.ClientMetricsCommand;
import org.junit.jupiter.api.Test;

/**
 * The reference Kafka's own {@code kafka-configs} (client quotas of users, client ids and their defaults) and
 * {@code kafka-client-metrics} (client-metrics subscriptions), each command run against Skiff and against the real
 * Kafka, their outputs compared line for line. Names carry a prefix of this class's own, and the real Kafka's quotas
 * are removed again, since that broker is shared with other tests.
 */
@Skiff
class QuotaAndClientMetricsToolsCompatTest {
    private static final String P = "qtools-";
    static SkiffServer skiff;

    /** kafka-configs' main class: {@code kafka.admin.ConfigCommand} up to Kafka 4.1, in the tools jar since. */
    private static String configCommand() {
        try (Stream<Path> jars = Files.list(RealKafka.libs())) {
            for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                try (ZipFile zip = new ZipFile(jar.toFile())) {
                    if (zip.getEntry("org/apache/kafka/tools/ConfigCommand.class") != null) {
                        return "org.apache.kafka.tools.ConfigCommand";
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "kafka.admin.ConfigCommand";
    }

    /** Runs the tool against both brokers; their outputs (sorted lines), which must be equal. */
    private static List<String> both(String mainClass, String... args) {
        List<String> onSkiff = run(mainClass, skiff.bootstrapServers(), args);
        List<String> onKafka = run(mainClass, RealKafka.shared().bootstrapServers(), args);
        assertEquals(onKafka, onSkiff, String.join(" ", args));
        return onSkiff;
    }

    private static List<String> run(String mainClass, String bootstrap, String... args) {
        List<String> command = new ArrayList<>(List.of("--bootstrap-server", bootstrap));
        command.addAll(List.of(args));
        return RealKafka.runTool(mainClass, command)
                .lines()
                .filter(l -> !l.isBlank())
                .sorted()
                .toList();
    }

    @Test
    void kafkaConfigsAltersAndDescribesClientAndUserQuotas() {
        String configs = configCommand();
        try {
            both(
                    configs,
                    "--alter",
                    "--add-config",
                    "producer_byte_rate=1024,consumer_byte_rate=2048",
                    "--entity-type",
                    "clients",
                    "--entity-name",
                    P + "app");
            both(
                    configs,
                    "--alter",
                    "--add-config",
                    "request_percentage=50",
                    "--entity-type",
                    "users",
                    "--entity-name",
                    P + "alice",
                    "--entity-type",
                    "clients",
                    "--entity-default");
            List<String> app = both(configs, "--describe", "--entity-type", "clients", "--entity-name", P + "app");
            assertEquals(
                    List.of("Quota configs for client-id '" + P + "app' are consumer_byte_rate=2048.0,"
                            + " producer_byte_rate=1024.0"),
                    app);
            List<String> alice = both(
                    configs,
                    "--describe",
                    "--entity-type",
                    "users",
                    "--entity-name",
                    P + "alice",
                    "--entity-type",
                    "clients");
            assertTrue(alice.get(0).contains("request_percentage=50.0"), "" + alice);
            both(
                    configs,
                    "--alter",
                    "--delete-config",
                    "producer_byte_rate",
                    "--entity-type",
                    "clients",
                    "--entity-name",
                    P + "app");
            assertEquals(
                    List.of("Quota configs for client-id '" + P + "app' are consumer_byte_rate=2048.0"),
                    both(configs, "--describe", "--entity-type", "clients", "--entity-name", P + "app"));
        } finally {
            run(
                    configs,
                    RealKafka.shared().bootstrapServers(),
                    "--alter",
                    "--delete-config",
                    "consumer_byte_rate",
                    "--entity-type",
                    "clients",
                    "--entity-name",
                    P + "app");
            run(
                    configs,
                    RealKafka.shared().bootstrapServers(),
                    "--alter",
                    "--delete-config",
                    "request_percentage",
                    "--entity-type",
                    "users",
                    "--entity-name",
                    P + "alice",
                    "--entity-type",
                    "clients",
                    "--entity-default");
        }
    }

    /** kafka-client-metrics (the test classpath's kafka-tools, in-process) against both brokers, compared. */
    private static List<String> clientMetrics(String... args) throws Exception {
        List<String> onSkiff = clientMetricsOn(skiff.bootstrapServers(), args);
        List<String> onKafka = clientMetricsOn(RealKafka.shared().bootstrapServers(), args);
        assertEquals(onKafka, onSkiff, String.join(" ", args));
        return onSkiff;
    }

    private static List<String> clientMetricsOn(String bootstrap, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("--bootstrap-server", bootstrap));
        command.addAll(List.of(args));
        return KafkaToolsCompatTest.run(ClientMetricsCommand.class, command.toArray(new String[0]))
                .lines()
                .filter(l -> !l.isBlank())
                .sorted()
                .toList();
    }

    @Test
    void kafkaClientMetricsAltersDescribesListsAndDeletesSubscriptions() throws Exception {
        String name = P + "sub";
        assertEquals(
                List.of("Altered client metrics config for " + name + "."),
                clientMetrics(
                        "--alter",
                        "--name",
                        name,
                        "--metrics",
                        "org.apache.kafka.producer.,org.apache.kafka.consumer.coordinator",
                        "--interval",
                        "1000",
                        "--match",
                        "client_id=abc.*,client_software_name=apache-kafka-java"));
        List<String> described = clientMetrics("--describe", "--name", name);
        assertTrue(described.contains("  interval.ms=1000"), "" + described);
        assertTrue(clientMetrics("--list").contains(name));
        clientMetrics("--delete", "--name", name);
        assertFalse(clientMetrics("--list").contains(name));
    }
}
