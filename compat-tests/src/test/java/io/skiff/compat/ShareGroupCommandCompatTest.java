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
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.tools.consumer.group.ShareGroupCommand;
import org.apache.kafka.tools.consumer.group.ShareGroupCommandOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Kafka CLI tool kafka-share-groups (ShareGroupCommand of the module's kafka-tools, run in-process) against
 * Skiff: --list, --describe with --members, --state and --offsets, --delete-offsets and --delete of a share group that
 * a KafkaShareConsumer consumed everything with. (--reset-offsets needs the Kafka 4.2+ tool.)
 */
class ShareGroupCommandCompatTest {
    private static SkiffServer server;

    @BeforeAll
    static void start() throws Exception {
        server = SkiffServer.builder().port(0).start();
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

    @AfterAll
    static void stop() {
        server.close();
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
        assertEquals(List.of("cli-share tasks 0 20 0"), offsets());
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

    private static synchronized String run(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--bootstrap-server", server.bootstrapServers()));
        all.addAll(List.of(args));
        ShareGroupCommandOptions opts = new ShareGroupCommandOptions(all.toArray(String[]::new));
        Method run = ShareGroupCommand.class.getDeclaredMethod("run", ShareGroupCommandOptions.class);
        run.setAccessible(true);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            run.invoke(null, opts);
        } catch (InvocationTargetException e) {
            throw new AssertionError("kafka-share-groups failed: " + captured, e.getCause());
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
