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

import io.skiff.compat.RealKafka;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What the streams tool tests (kafka-streams-groups, kafka-streams-application-reset) share: the same session run on
 * the shared real Kafka 4.4 and on Skiff and compared line by line, the Kafka Streams word count
 * ({@link StreamsApp}, group.protocol=streams, at_least_once) each session starts on topics {@code APP-in} and
 * {@code APP-out} of two partitions, with three lines counted before the tool runs, and the tool itself, run in this
 * JVM, with its output made comparable.
 *
 * <p>Stateless; tool runs take turns, as they swap the JVM's standard output and error.
 */
final class WordCountToolSession {
    private static final List<String> LINES = List.of("one two", "two three three", "four");

    private WordCountToolSession() {}

    /** One broker's session: the tool's normalized output and what else the test records. */
    @FunctionalInterface
    interface Session {
        List<String> run(String bootstrap, String name) throws Exception;
    }

    /**
     * Runs {@code session} on the real Kafka, then on Skiff; writes both transcripts under target/streams-apps and
     * asserts that they are the same.
     */
    static void assertSameAsOnKafka(String app, String skiffBootstrap, Session session) throws Exception {
        List<String> kafka = session.run(RealKafka.shared().bootstrapServers(), "kafka");
        List<String> ours = session.run(skiffBootstrap, "skiff");
        Files.write(StreamsApp.logFile(app + "-tool-kafka"), kafka);
        Files.write(StreamsApp.logFile(app + "-tool-skiff"), ours);
        assertEquals(String.join("\n", kafka), String.join("\n", ours));
    }

    /**
     * Creates the application's input and output topics and sets its group's streams.initial.rebalance.delay.ms to 0
     * (Kafka assigns after an initial delay of 3 s otherwise; Skiff assigns at once).
     */
    private static void createTopicsAndGroupConfig(String bootstrap, String app) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(
                            new NewTopic(StreamsApp.input(app), 2, (short) 1),
                            new NewTopic(StreamsApp.output(app), 2, (short) 1)))
                    .all()
                    .get();
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, app),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("streams.initial.rebalance.delay.ms", "0"),
                                    AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
    }

    /**
     * Creates the application's topics and sets its group's config (see {@link #createTopicsAndGroupConfig}), sends
     * the three lines, starts the word count with its state in {@code stateDir} and its log under
     * target/streams-apps, and returns it once it runs and has counted them.
     */
    static StreamsApp startCounting(String bootstrap, String app, Path stateDir, String name) throws Exception {
        createTopicsAndGroupConfig(bootstrap, app);
        Map<String, Long> expected = new HashMap<>();
        send(bootstrap, StreamsApp.input(app), LINES, expected);
        StreamsApp started = StreamsApp.start(bootstrap, app, stateDir, "at_least_once", 0, app + "-" + name);
        try {
            started.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
            WordCounts.await(bootstrap, StreamsApp.output(app), expected, false, Duration.ofSeconds(60));
            return started;
        } catch (Exception | Error e) {
            try {
                started.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** Sends the lines to {@code input}, line i to partition i % 2, and adds their words to {@code expected}. */
    private static void send(String bootstrap, String input, List<String> lines, Map<String, Long> expected)
            throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                // partition by line, so that both brokers hold the same offsets
                producer.send(new ProducerRecord<>(input, i % 2, line, line)).get();
                WordCounts.addWords(line, expected);
            }
        }
    }

    /** A Kafka tool's entry point, run in this JVM: its exit code for the arguments. */
    @FunctionalInterface
    interface Tool {
        int execute(String[] args);
    }

    /** System.out and System.err are the JVM's: one tool runs at a time. */
    private static final Object CONSOLE = new Object();

    /**
     * Runs {@code tool} with {@code --bootstrap-server bootstrap} and {@code args}; its exit code, standard output
     * and standard error without the clients' log lines.
     */
    static String runTool(Tool tool, String bootstrap, List<String> args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap-server", bootstrap));
        all.addAll(args);
        synchronized (CONSOLE) {
            PrintStream out = System.out;
            PrintStream err = System.err;
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            ByteArrayOutputStream stderr = new ByteArrayOutputStream();
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            int code;
            try {
                code = tool.execute(all.toArray(String[]::new));
            } finally {
                System.setOut(out);
                System.setErr(err);
            }
            return "exit " + code + "\n" + stdout.toString(StandardCharsets.UTF_8)
                    + withoutLogLines(stderr.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * Drops slf4j-simple's lines ("[thread] LEVEL logger - message"), the config dumps that follow "values:" and
     * stack frames (whose line numbers are the test's).
     */
    private static String withoutLogLines(String stderr) {
        StringBuilder kept = new StringBuilder();
        boolean inDump = false;
        for (String line : stderr.split("\n")) {
            if (line.matches("\\[[^]]+] (TRACE|DEBUG|INFO|WARN|ERROR) .*")) {
                inDump = line.strip().endsWith("values:");
            } else if (inDump && (line.startsWith("\t") || line.isBlank())) {
                inDump = !line.isBlank();
            } else if (!line.startsWith("\tat ") && !line.startsWith("\t... ")) {
                // the tool's own lines; a stack trace keeps its exception lines, not its frames
                inDump = false;
                kept.append(line).append('\n');
            }
        }
        return kept.toString();
    }

    /**
     * A tool's output as the transcripts compare it: its lines stripped, without blank ones, white space folded, and
     * placeholders for the broker's address, UUIDs, the 22-character ids if {@code maskIds}, and hosts and ports.
     */
    static Stream<String> comparable(String output, String bootstrap, boolean maskIds) {
        return output.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .map(l -> l.replaceAll("\\s+", " ")
                        .replace(bootstrap, "<broker>")
                        .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>"))
                .map(l -> maskIds ? l.replaceAll("(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])", "<id>") : l)
                .map(l -> l.replaceAll("/[0-9.]+(:\\d+)?\\b", "/<host>").replaceAll("localhost:\\d+", "<host>"));
    }
}
