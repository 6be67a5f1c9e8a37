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
import io.skiff.testkit.Skiff;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Kafka 4.1's console and performance tools (kafka-console-producer, kafka-console-consumer,
 * kafka-producer-perf-test, kafka-consumer-perf-test) against Skiff, each run as a user runs it: its own JVM, text
 * on standard input and output, default client settings.
 */
@Skiff
class ConsoleToolsCompatTest {
    private static SkiffServer skiff;

    /** Runs a tool's main class in a child JVM with this test's classpath (kafka-tools 4.1.1 is a test dependency). */
    private static ExternalProcess.Result tool(String input, String mainClass, String... args) {
        return ExternalProcess.java(ExternalProcess.testClasspath(), mainClass, args)
                .run(input)
                .assertSuccess();
    }

    @Test
    void consoleProducerAndConsumerRoundTripKeysAndResumeFromGroupCommits() {
        String topic = "console-topic";
        skiff.createTopic(topic, 2);
        List<String> lines =
                IntStream.range(0, 20).mapToObj(i -> "k" + i + ":v" + i).toList();
        tool(
                lines.stream().collect(Collectors.joining("\n", "", "\n")),
                "org.apache.kafka.tools.ConsoleProducer",
                "--bootstrap-server",
                skiff.bootstrapServers(),
                "--topic",
                topic,
                "--reader-property",
                "parse.key=true",
                "--reader-property",
                "key.separator=:");

        ExternalProcess.Result consumed = tool(
                "",
                "org.apache.kafka.tools.consumer.ConsoleConsumer",
                "--bootstrap-server",
                skiff.bootstrapServers(),
                "--topic",
                topic,
                "--group",
                "console-group",
                "--from-beginning",
                "--max-messages",
                "20",
                "--formatter-property",
                "print.key=true",
                "--formatter-property",
                "key.separator=:");
        assertEquals(
                lines.stream().sorted().toList(),
                consumed.lines().stream().sorted().toList());
        assertTrue(consumed.stderr().contains("Processed a total of 20 messages"), consumed.describe("summary"));

        // The group committed its position: new records only, then the timeout ends the tool normally.
        tool(
                "k20:v20\n",
                "org.apache.kafka.tools.ConsoleProducer",
                "--bootstrap-server",
                skiff.bootstrapServers(),
                "--topic",
                topic,
                "--reader-property",
                "parse.key=true",
                "--reader-property",
                "key.separator=:");
        ExternalProcess.Result resumed = tool(
                "",
                "org.apache.kafka.tools.consumer.ConsoleConsumer",
                "--bootstrap-server",
                skiff.bootstrapServers(),
                "--topic",
                topic,
                "--group",
                "console-group",
                "--max-messages",
                "1",
                "--formatter-property",
                "print.key=true",
                "--formatter-property",
                "key.separator=:");
        assertEquals(List.of("k20:v20"), resumed.lines());
    }

    @Test
    void producerAndConsumerPerformanceToolsMoveEveryRecord() {
        String topic = "perf-topic";
        skiff.createTopic(topic, 1);
        ExternalProcess.Result produced = tool(
                "",
                "org.apache.kafka.tools.ProducerPerformance",
                "--topic",
                topic,
                "--num-records",
                "5000",
                "--record-size",
                "100",
                "--throughput",
                "-1",
                "--producer-props",
                "bootstrap.servers=" + skiff.bootstrapServers());
        assertTrue(produced.stdout().contains("5000 records sent"), produced.describe("summary"));

        ExternalProcess.Result consumed = tool(
                "",
                "org.apache.kafka.tools.ConsumerPerformance",
                "--bootstrap-server",
                skiff.bootstrapServers(),
                "--topic",
                topic,
                "--messages",
                "5000");
        // header line, then one data line: ..., data.consumed.in.nMsg (5th column), ...
        List<String> out = consumed.lines();
        assertTrue(out.size() >= 2 && out.get(out.size() - 2).startsWith("start.time"), consumed.describe("output"));
        String[] columns = out.get(out.size() - 1).split(",\\s*");
        assertEquals("5000", columns[4], consumed.describe("nMsg"));
    }
}
