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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.record.CompressionType;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * kcat 1.7 (librdkafka 2.x) with its default settings against Skiff: metadata, produce with keys, headers and every
 * compression codec, consume from the beginning, balanced consumer groups and offsets by time. Output is compared
 * exactly, as a user would see it.
 *
 * <p>Needs {@code kcat} on the PATH (Debian: {@code apt-get install kcat}); fails, never skips, without it.
 */
@Skiff
class KcatCompatTest {
    private static final String FORMAT = "%p|%o|%k|%s|%h\\n";

    private static SkiffServer skiff;
    private static String kcat;

    @BeforeAll
    static void start() {
        kcat = ExternalProcess.require("kcat", "install it with apt-get install kcat (.ci/run does)");
    }

    private static ExternalProcess.Result kcat(String... args) {
        List<String> command = new ArrayList<>(List.of(kcat, "-b", skiff.bootstrapServers()));
        command.addAll(List.of(args));
        return ExternalProcess.of(command).run();
    }

    private static ExternalProcess.Result kcatWithInput(String input, String... args) {
        List<String> command = new ArrayList<>(List.of(kcat, "-b", skiff.bootstrapServers()));
        command.addAll(List.of(args));
        return ExternalProcess.of(command).run(input);
    }

    @Test
    void metadataListsTheBrokerAsControllerAndEveryPartition() {
        skiff.createTopic("kcat-meta", 3);
        String out = kcat("-L").assertSuccess().stdout();
        int node = skiff.nodeId();
        assertTrue(
                out.contains(" 1 brokers:\n  broker " + node + " at " + skiff.bootstrapServers() + " (controller)\n"),
                out);
        assertTrue(
                out.contains("  topic \"kcat-meta\" with 3 partitions:\n"
                        + "    partition 0, leader " + node + ", replicas: " + node + ", isrs: " + node + "\n"
                        + "    partition 1, leader " + node + ", replicas: " + node + ", isrs: " + node + "\n"
                        + "    partition 2, leader " + node + ", replicas: " + node + ", isrs: " + node + "\n"),
                out);
    }

    @Test
    void metadataOfAnUnknownTopicAutoCreatesItLikeKafka() {
        // librdkafka asks Metadata v4 with allow_auto_topic_creation=true; Kafka (auto.create.topics.enable=true by
        // default) creates the topic. Kafka's first answer may still be an error while the creation completes; Skiff
        // creates it at once. Either way the topic exists afterwards with num.partitions partitions.
        kcat("-L", "-t", "kcat-auto").assertSuccess();
        String out = kcat("-L", "-t", "kcat-auto").assertSuccess().stdout();
        int node = skiff.nodeId();
        assertTrue(
                out.contains("  topic \"kcat-auto\" with 1 partitions:\n" + "    partition 0, leader " + node
                        + ", replicas: " + node + ", isrs: " + node + "\n"),
                out);
    }

    @ParameterizedTest
    @EnumSource(CompressionType.class)
    void producedRecordsWithKeysAndHeadersAreConsumedExactly(CompressionType codec) {
        String topic = "kcat-produce-" + codec.label();
        List<String> lines = IntStream.range(0, 200)
                .mapToObj(i -> "key-" + i + ":value-" + i + "-" + codec.label())
                .toList();
        // The first produce auto-creates the topic (librdkafka's producer asks Metadata with auto-creation allowed).
        kcatWithInput(
                        String.join("\n", lines) + "\n",
                        "-P",
                        "-t",
                        topic,
                        "-p",
                        "0",
                        "-K:",
                        "-H",
                        "h1=one",
                        "-H",
                        "h2=",
                        "-z",
                        codec.label())
                .assertSuccess();

        List<String> consumed = kcat("-C", "-t", topic, "-o", "beginning", "-e", "-f", FORMAT)
                .assertSuccess()
                .lines();
        List<String> expected = IntStream.range(0, 200)
                .mapToObj(i -> "0|" + i + "|key-" + i + "|value-" + i + "-" + codec.label() + "|h1=one,h2=")
                .toList();
        assertEquals(expected, consumed);

        // librdkafka sends a batch uncompressed when compressing would not shrink it (a lone first record, say);
        // everything else must arrive, and stay, compressed with the codec asked for.
        List<CompressionType> stored = StoredBatches.compressionTypes(skiff.dataDir(), topic, 0);
        assertTrue(
                stored.contains(codec) && stored.stream().allMatch(c -> c == codec || c == CompressionType.NONE),
                "kcat -z " + codec.label() + " batches are stored as sent, found " + stored);
    }

    @Test
    void idempotentAcksZeroAndNullValueProducesAreAllStored() {
        String topic = "kcat-variants";
        skiff.createTopic(topic, 1);
        // Idempotent producer (InitProducerId, sequence numbers), null values (-Z turns empty into NULL), acks=0.
        kcatWithInput("a:1\nb:2\n", "-P", "-t", topic, "-K:", "-X", "enable.idempotence=true")
                .assertSuccess();
        kcatWithInput("c:\n:d\n", "-P", "-t", topic, "-K:", "-Z").assertSuccess();
        kcatWithInput("e:5\n", "-P", "-t", topic, "-K:", "-X", "acks=0").assertSuccess();
        // -c waits for all five: the acks=0 record has no acknowledgement to wait for.
        List<String> consumed = kcat("-C", "-t", topic, "-o", "beginning", "-c", "5", "-Z", "-f", "%o %k=%s (%K/%S)\\n")
                .assertSuccess()
                .lines();
        assertEquals(
                List.of("0 a=1 (1/1)", "1 b=2 (1/1)", "2 c=NULL (1/-1)", "3 NULL=d (-1/1)", "4 e=5 (1/1)"), consumed);
    }

    @Test
    void consumesFromAnOffsetAndStopsAfterACount() {
        String topic = "kcat-offsets";
        skiff.createTopic(topic, 1);
        String input = IntStream.range(0, 50).mapToObj(i -> "m" + i).collect(Collectors.joining("\n", "", "\n"));
        kcatWithInput(input, "-P", "-t", topic).assertSuccess();

        List<String> fromTen = kcat("-C", "-t", topic, "-o", "10", "-c", "5", "-f", "%o %s\\n")
                .assertSuccess()
                .lines();
        assertEquals(List.of("10 m10", "11 m11", "12 m12", "13 m13", "14 m14"), fromTen);
        List<String> lastThree = kcat("-C", "-t", topic, "-o", "-3", "-e", "-f", "%o %s\\n")
                .assertSuccess()
                .lines();
        assertEquals(List.of("47 m47", "48 m48", "49 m49"), lastThree);
    }

    @Test
    void balancedConsumerGroupReadsEverythingAndCommits() throws Exception {
        String topic = "kcat-group";
        skiff.createTopic(topic, 3);
        List<String> produced =
                IntStream.range(0, 60).mapToObj(i -> "k" + i + ":v" + i).toList();
        // Keys pick the partitions (librdkafka's consistent_random partitioner).
        kcatWithInput(String.join("\n", produced) + "\n", "-P", "-t", topic, "-K:")
                .assertSuccess();

        List<String> consumed = kcat("-G", "kcat-group-1", topic, "-o", "beginning", "-e", "-f", "%k:%s\\n")
                .assertSuccess()
                .lines();
        List<String> sortedConsumed = new ArrayList<>(consumed);
        Collections.sort(sortedConsumed);
        List<String> sortedProduced = new ArrayList<>(produced);
        Collections.sort(sortedProduced);
        assertEquals(sortedProduced, sortedConsumed);

        Map<Integer, Long> endOffsets = endOffsets(topic);
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        try (Admin admin = Admin.create(props)) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets("kcat-group-1")
                    .partitionsToOffsetAndMetadata()
                    .get();
            for (int p = 0; p < 3; p++) {
                OffsetAndMetadata offset = committed.get(new TopicPartition(topic, p));
                assertEquals(
                        endOffsets.get(p),
                        offset == null ? null : offset.offset(),
                        "committed offset of partition " + p);
            }
        }

        // Without -o the group resumes from its commits (-o beginning would override them, as with Kafka).
        List<String> more =
                IntStream.range(60, 65).mapToObj(i -> "k" + i + ":v" + i).toList();
        kcatWithInput(String.join("\n", more) + "\n", "-P", "-t", topic, "-K:").assertSuccess();
        List<String> resumed = new ArrayList<>(kcat("-G", "kcat-group-1", topic, "-e", "-f", "%k:%s\\n")
                .assertSuccess()
                .lines());
        Collections.sort(resumed);
        assertEquals(more.stream().sorted().toList(), resumed);
    }

    @Test
    void offsetsByTimestampFindTheFirstRecordAtOrAfterIt() {
        String topic = "kcat-times";
        skiff.createTopic(topic, 1);
        for (int i = 0; i < 5; i++) {
            // One produce run per record batch: distinct timestamps are likely but not needed by the assertions.
            kcatWithInput("r" + i + "\n", "-P", "-t", topic).assertSuccess();
        }
        List<String> stamped = kcat("-C", "-t", topic, "-o", "beginning", "-e", "-f", "%o %T\\n")
                .assertSuccess()
                .lines();
        assertEquals(5, stamped.size(), stamped.toString());
        for (String line : stamped) {
            String[] parts = line.split(" ");
            long offset = Long.parseLong(parts[0]);
            long timestamp = Long.parseLong(parts[1]);
            long expected = firstOffsetAtOrAfter(stamped, timestamp);
            assertEquals(
                    List.of(topic + " [0] offset " + expected),
                    kcat("-Q", "-t", topic + ":0:" + timestamp).assertSuccess().lines(),
                    "offset " + offset);
        }
        assertEquals(
                List.of(topic + " [0] offset 0"),
                kcat("-Q", "-t", topic + ":0:0").assertSuccess().lines());
        assertEquals(
                List.of(topic + " [0] offset 5"),
                kcat("-Q", "-t", topic + ":0:-1").assertSuccess().lines());
        assertEquals(
                List.of(topic + " [0] offset 0"),
                kcat("-Q", "-t", topic + ":0:-2").assertSuccess().lines());
        assertEquals(
                List.of(topic + " [0] offset -1"),
                kcat("-Q", "-t", topic + ":0:" + Long.MAX_VALUE / 1000)
                        .assertSuccess()
                        .lines());
    }

    private static long firstOffsetAtOrAfter(List<String> stamped, long timestamp) {
        return stamped.stream()
                .map(l -> l.split(" "))
                .filter(p -> Long.parseLong(p[1]) >= timestamp)
                .mapToLong(p -> Long.parseLong(p[0]))
                .min()
                .orElse(-1);
    }

    private static Map<Integer, Long> endOffsets(String topic) {
        Map<Integer, Long> ends = new java.util.HashMap<>();
        for (String line : kcat("-Q", "-t", topic + ":0:-1", "-t", topic + ":1:-1", "-t", topic + ":2:-1")
                .assertSuccess()
                .lines()) {
            // "<topic> [<p>] offset <n>"
            String[] parts = line.split(" ");
            ends.put(Integer.parseInt(parts[1].substring(1, parts[1].length() - 1)), Long.parseLong(parts[3]));
        }
        return ends;
    }
}
