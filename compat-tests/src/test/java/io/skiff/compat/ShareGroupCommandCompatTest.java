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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.tools.consumer.group.ShareGroupCommand;
import org.apache.kafka.tools.consumer.group.ShareGroupCommandOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kafka CLI tool kafka-share-groups (ShareGroupCommand of the module's kafka-tools, run in-process) against
 * Skiff: --list, --describe with --members, --state and --offsets, --delete-offsets and --delete of a share group that
 * a KafkaShareConsumer consumed everything with. (--reset-offsets needs the Kafka 4.2+ tool.)
 */
@Skiff
class ShareGroupCommandCompatTest {
    private static SkiffServer server;

    @BeforeAll
    static void start() throws Exception {
        server.createTopic("tasks", 1);
        try (Admin admin = GroupCompatSupport.admin(server)) {
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, "cli-share"),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
        GroupCompatSupport.produce(server, "tasks", 1, "t", 20);
    }

    @Test
    void listDescribeResetAndDelete() throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "cli-share");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<String> got = new ArrayList<>();
        try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(p)) {
            c.subscribe(List.of("tasks"));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                c.poll(Duration.ofMillis(200)).forEach(r -> got.add(r.value()));
                return got.size() == 20;
            });
            String members = run("--describe", "--group", "cli-share", "--members");
            assertTrue(members.contains("tasks:0"), members);
            c.commitSync();
        }
        assertTrue(run("--list").lines().anyMatch("cli-share"::equals));
        // the start offset is the one Kafka's last state write carried (describeAsKafkaDescribes compares it); lag 0
        List<String> offsets = offsets();
        assertEquals(1, offsets.size(), offsets.toString());
        assertTrue(offsets.get(0).matches("cli-share tasks 0 \\d+ 0"), offsets.toString());
        assertTrue(
                table(run("--describe", "--group", "cli-share", "--state"))
                        .get(1)
                        .contains("Empty"),
                "the consumer closed: the group is Empty");
        run("--delete-offsets", "--group", "cli-share", "--topic", "tasks");
        run("--delete", "--group", "cli-share");
        assertTrue(run("--list").lines().noneMatch("cli-share"::equals));
    }

    /**
     * The same consumption on Skiff and on a real Kafka 4.4, and the tool's --describe with --offsets, --members and
     * --state on each while the consumer is in the group and after it left: the same output, but for the member's id
     * and the coordinator's port.
     */
    @Test
    void describeAsKafkaDescribes() throws Exception {
        String kafka = RealKafka.shared().bootstrapServers();
        assertEquals(describedWhileConsuming(kafka), describedWhileConsuming(server.bootstrapServers()));
    }

    private static List<String> describedWhileConsuming(String bootstrap) throws Exception {
        String topic = "cli-diff-tasks";
        String group = "cli-diff";
        try (Admin admin = GroupCompatSupport.admin(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, group),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
        GroupCompatSupport.produce(bootstrap, topic, 1, "t", 12);
        List<String> out = new ArrayList<>();
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<String> got = new ArrayList<>();
        try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(p)) {
            c.subscribe(List.of(topic));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                c.poll(Duration.ofMillis(200)).forEach(r -> got.add(r.value()));
                return got.size() == 12;
            });
            c.commitSync();
            // the assignment shows once the member's heartbeat has carried it (Kafka assigns a moment after the join)
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> runOn(bootstrap, "--describe", "--group", group, "--members")
                            .contains(topic + ":0"));
            out.addAll(normalized(bootstrap, runOn(bootstrap, "--describe", "--group", group, "--members")));
            out.addAll(normalized(bootstrap, runOn(bootstrap, "--describe", "--group", group, "--state")));
            out.addAll(normalized(bootstrap, runOn(bootstrap, "--describe", "--group", group, "--offsets")));
        }
        out.addAll(normalized(bootstrap, runOn(bootstrap, "--describe", "--group", group, "--offsets")));
        out.addAll(normalized(bootstrap, runOn(bootstrap, "--describe", "--group", group, "--state")));
        out.addAll(normalized(bootstrap, runOn(bootstrap, "--describe", "--group", group, "--members")));
        return out;
    }

    private static final String GROUP_PATTERN = "cli-diff";

    /** The table's lines with the member id, the client id and the broker's address replaced. */
    private static List<String> normalized(String bootstrap, String output) {
        return table(output).stream()
                .map(l -> l.replace(bootstrap, "<broker>")
                        .replaceAll("\\b[A-Za-z0-9_-]{22}\\b", "<member>")
                        .replaceAll("consumer-" + GROUP_PATTERN + "-\\d+", "<client id>"))
                .toList();
    }

    /**
     * {@code --describe --offsets}: group, topic, partition, start offset and lag per row (the LAG column, which the
     * tool has from Kafka 4.2 on, is computed from the high watermark when an older tool leaves it out).
     */
    private static List<String> offsets() throws Exception {
        List<String> rows = table(run("--describe", "--group", "cli-share", "--offsets"));
        boolean hasLag = rows.get(0).endsWith(" LAG");
        return rows.stream()
                .skip(1)
                .map(r -> hasLag ? r : r + " " + (20 - Long.parseLong(r.substring(r.lastIndexOf(' ') + 1))))
                .toList();
    }

    /** The output's non-empty lines, columns separated by one space. */
    private static List<String> table(String out) {
        return out.lines()
                .map(String::trim)
                .filter(l -> !l.isEmpty())
                .map(l -> l.replaceAll("\\s+", " "))
                .toList();
    }

    private static String run(String... args) throws Exception {
        return runOn(server.bootstrapServers(), args);
    }

    private static synchronized String runOn(String bootstrap, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--bootstrap-server", bootstrap));
        all.addAll(List.of(args));
        return GroupCompatSupport.runToolMethod(
                "kafka-share-groups",
                ShareGroupCommand.class,
                ShareGroupCommandOptions.class,
                new ShareGroupCommandOptions(all.toArray(String[]::new)));
    }
}
