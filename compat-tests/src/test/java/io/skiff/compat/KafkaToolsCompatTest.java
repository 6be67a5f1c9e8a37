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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListConfigResourcesOptions;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.apache.kafka.common.utils.internals.Exit;
import org.apache.kafka.tools.BrokerApiVersionsCommand;
import org.apache.kafka.tools.ClientMetricsCommand;
import org.apache.kafka.tools.DeleteRecordsCommand;
import org.apache.kafka.tools.GetOffsetShell;
import org.apache.kafka.tools.LeaderElectionCommand;
import org.apache.kafka.tools.MetadataQuorumCommand;
import org.apache.kafka.tools.TopicCommand;
import org.apache.kafka.tools.reassign.ReassignPartitionsCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka 4.4.0's own command-line tools (kafka-tools jar) against Skiff: kafka-topics.sh (TopicCommand),
 * kafka-get-offsets.sh (GetOffsetShell), kafka-delete-records.sh (DeleteRecordsCommand),
 * kafka-leader-election.sh, kafka-reassign-partitions.sh, kafka-client-metrics.sh and kafka-broker-api-versions.sh
 * (against a real Kafka too), run in-process.
 * Their {@code execute} entry points are called directly (without System.exit), printing to a captured stdout.
 */
@Skiff
class KafkaToolsCompatTest {
    static SkiffServer server;

    @TempDir
    Path tmp;

    /** Thrown instead of exiting the JVM when a tool calls Kafka's {@code Exit.exit}. */
    private static final class ExitCalled extends RuntimeException {
        final int status;

        ExitCalled(int status, String message) {
            super("exit " + status + ": " + message);
            this.status = status;
        }
    }

    /**
     * Runs a tool's static {@code execute(String...)} and returns what it printed. Some tools end with
     * {@code Exit.exit(status)}: it is turned into an exception, and a non-zero status fails the test.
     */
    static String run(Class<?> tool, String... args) throws Exception {
        return runEntryPoint(tool, "execute", args);
    }

    /**
     * Runs a tool's static {@code entryPoint(String...)} as {@link #run(Class, String...)} runs {@code execute}; an entry point that
     * returns an exit status (such as {@code mainNoExit}) fails the test unless it is 0.
     */
    private static synchronized String runEntryPoint(Class<?> tool, String entryPoint, String... args)
            throws Exception {
        Method execute = tool.getDeclaredMethod(entryPoint, String[].class);
        execute.setAccessible(true);
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        Exit.setExitProcedure((status, message) -> {
            throw new ExitCalled(status, message);
        });
        try {
            Object status = execute.invoke(null, (Object) args);
            if (status instanceof Integer code && code != 0) {
                throw new AssertionError(tool.getSimpleName() + " exited with " + code + ":\n" + out);
            }
        } catch (InvocationTargetException e) {
            if (!(e.getCause() instanceof ExitCalled exit) || exit.status != 0) {
                throw new AssertionError(tool.getSimpleName() + " failed: " + e.getCause() + "\n" + out, e.getCause());
            }
        } finally {
            Exit.resetExitProcedure();
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String topics(String... args) throws Exception {
        String[] all = new String[args.length + 2];
        all[0] = "--bootstrap-server";
        all[1] = server.bootstrapServers();
        System.arraycopy(args, 0, all, 2, args.length);
        return run(TopicCommand.class, all);
    }

    @Test
    void topicCommandCreatesDescribesAltersListsAndDeletes() throws Exception {
        String created = topics(
                "--create",
                "--topic",
                "cli-topic",
                "--partitions",
                "2",
                "--replication-factor",
                "1",
                "--config",
                "retention.ms=123456");
        assertTrue(created.contains("Created topic cli-topic."), created);

        String described = topics("--describe", "--topic", "cli-topic");
        assertTrue(described.contains("PartitionCount: 2"), described);
        assertTrue(described.contains("ReplicationFactor: 1"), described);
        assertTrue(described.contains("retention.ms=123456"), described);
        assertTrue(described.contains("Partition: 1\tLeader: " + server.nodeId()), described);

        topics("--alter", "--topic", "cli-topic", "--partitions", "4");
        String altered = topics("--describe", "--topic", "cli-topic");
        assertTrue(altered.contains("PartitionCount: 4"), altered);
        assertTrue(altered.contains("Partition: 3\tLeader: " + server.nodeId()), altered);

        assertTrue(Set.of(topics("--list").split("\\R")).contains("cli-topic"));
        topics("--delete", "--topic", "cli-topic");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> !Set.of(topics("--list").split("\\R")).contains("cli-topic"));
    }

    @Test
    void getOffsetShellAndDeleteRecordsCommand() throws Exception {
        server.createTopic("cli-offsets", 2);
        try (KafkaProducer<String, String> producer = DataCompatSupport.producer(server.bootstrapServers())) {
            for (int i = 0; i < 7; i++) {
                producer.send(new ProducerRecord<>("cli-offsets", 0, null, "v" + i))
                        .get();
            }
            producer.send(new ProducerRecord<>("cli-offsets", 1, null, "w")).get();
        }
        String latest =
                run(GetOffsetShell.class, "--bootstrap-server", server.bootstrapServers(), "--topic", "cli-offsets");
        assertEquals(List.of("cli-offsets:0:7", "cli-offsets:1:1"), lines(latest));

        Path json = tmp.resolve("delete.json");
        Files.writeString(
                json, "{\"partitions\":[{\"topic\":\"cli-offsets\",\"partition\":0,\"offset\":5}]," + "\"version\":1}");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DeleteRecordsCommand.execute(
                new String[] {"--bootstrap-server", server.bootstrapServers(), "--offset-json-file", json.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8));
        String deleted = out.toString(StandardCharsets.UTF_8);
        assertTrue(deleted.contains("partition: cli-offsets-0\tlow_watermark: 5"), deleted);
        assertFalse(deleted.contains("error"), deleted);

        String earliest = run(
                GetOffsetShell.class,
                "--bootstrap-server",
                server.bootstrapServers(),
                "--topic",
                "cli-offsets",
                "--time",
                "-2");
        assertEquals(List.of("cli-offsets:0:5", "cli-offsets:1:0"), lines(earliest));
    }

    /**
     * kafka-leader-election.sh (LeaderElectionCommand) as against Kafka 4.1.1: the partition's one replica leads
     * already, and all partitions need no election.
     */
    @Test
    void leaderElectionCommandFindsNothingToElect() throws Exception {
        server.createTopic("cli-elect", 2);
        String bootstrap = server.bootstrapServers();
        String named = runEntryPoint(
                LeaderElectionCommand.class,
                "mainNoExit",
                "--bootstrap-server",
                bootstrap,
                "--election-type",
                "preferred",
                "--topic",
                "cli-elect",
                "--partition",
                "1");
        assertEquals("Valid replica already elected for partitions cli-elect-1", named.strip());
        String all = runEntryPoint(
                LeaderElectionCommand.class,
                "mainNoExit",
                "--bootstrap-server",
                bootstrap,
                "--election-type",
                "unclean",
                "--all-topic-partitions");
        assertEquals("", all.strip());
    }

    /**
     * kafka-reassign-partitions.sh (ReassignPartitionsCommand) --execute, --verify and --list of a reassignment to
     * the one broker, as against Kafka 4.1.1: accepted, complete at once, none in progress; a move to a broker that
     * does not exist fails with Kafka's message.
     */
    @Test
    void reassignPartitionsCommandExecutesVerifiesAndLists() throws Exception {
        server.createTopic("cli-reassign", 2);
        String bootstrap = server.bootstrapServers();
        Path json = tmp.resolve("reassign.json");
        Files.writeString(
                json,
                "{\"version\":1,\"partitions\":[{\"topic\":\"cli-reassign\",\"partition\":0,\"replicas\":["
                        + server.nodeId() + "]}]}");
        String executed = runEntryPoint(
                ReassignPartitionsCommand.class,
                "main",
                "--bootstrap-server",
                bootstrap,
                "--reassignment-json-file",
                json.toString(),
                "--execute");
        assertTrue(executed.contains("Successfully started partition reassignment for cli-reassign-0"), executed);
        String verified = runEntryPoint(
                ReassignPartitionsCommand.class,
                "main",
                "--bootstrap-server",
                bootstrap,
                "--reassignment-json-file",
                json.toString(),
                "--verify");
        assertTrue(verified.contains("Reassignment of partition cli-reassign-0 is completed."), verified);
        String listed =
                runEntryPoint(ReassignPartitionsCommand.class, "main", "--bootstrap-server", bootstrap, "--list");
        assertTrue(listed.contains("No partition reassignments found."), listed);

        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            TopicPartition p1 = new TopicPartition("cli-reassign", 1);
            ExecutionException e = assertThrows(
                    ExecutionException.class,
                    () -> admin.alterPartitionReassignments(
                                    Map.of(p1, Optional.of(new NewPartitionReassignment(List.of(server.nodeId() + 1)))))
                            .all()
                            .get());
            assertInstanceOf(InvalidReplicaAssignmentException.class, e.getCause());
            assertEquals(
                    "The manual partition assignment includes broker " + (server.nodeId() + 1)
                            + ", but no such broker is registered.",
                    e.getCause().getMessage());
            assertEquals(
                    Map.of(), admin.listPartitionReassignments().reassignments().get());
        }
    }

    /** kafka-client-metrics.sh --list (ClientMetricsCommand, ListConfigResources) lists none, as Kafka 4.1.1. */
    @Test
    void clientMetricsCommandListsNone() throws Exception {
        String out = run(ClientMetricsCommand.class, "--bootstrap-server", server.bootstrapServers(), "--list");
        assertEquals("", out.strip());
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers()))) {
            server.createTopic("cli-config-resources", 1);
            Collection<ConfigResource> listed = admin.listConfigResources(
                            Set.of(ConfigResource.Type.TOPIC, ConfigResource.Type.BROKER),
                            new ListConfigResourcesOptions())
                    .all()
                    .get();
            assertTrue(
                    listed.contains(new ConfigResource(ConfigResource.Type.TOPIC, "cli-config-resources")),
                    "" + listed);
            assertTrue(
                    listed.contains(new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(server.nodeId()))));
        }
    }

    /**
     * kafka-broker-api-versions (4.4.0) against Skiff and a real Kafka 4.4.0: for every API both brokers have, the
     * same highest version (Skiff's lowest may be lower: Produce from v0 for librdkafka), and every API Kafka has but
     * the share coordinator's inter-broker ones on Skiff too.
     */
    @Test
    void brokerApiVersionsShowsKafkasHighestVersionForEveryApiBothHave() throws Exception {
        Map<String, Integer> skiff =
                highestVersions(run(BrokerApiVersionsCommand.class, "--bootstrap-server", server.bootstrapServers()));
        Map<String, Integer> kafka = highestVersions(run(
                BrokerApiVersionsCommand.class,
                "--bootstrap-server",
                RealKafka.shared().bootstrapServers()));
        assertEquals(5, skiff.get("ApiVersions(18)"), skiff.toString());
        Map<String, String> different = new TreeMap<>();
        for (Map.Entry<String, Integer> e : skiff.entrySet()) {
            Integer theirs = kafka.get(e.getKey());
            if (theirs != null && !theirs.equals(e.getValue())) {
                different.put(e.getKey(), "Skiff " + e.getValue() + ", Kafka " + theirs);
            }
        }
        assertEquals(Map.of(), different);
        assertTrue(skiff.size() > 40, "Skiff's APIs: " + skiff.keySet());
        // What Kafka advertises on its broker listener and Skiff does not: the share coordinator's inter-broker APIs
        // (Skiff keeps share-partition state beside each partition, not in a share coordinator).
        Set<String> onlyOnKafka = new TreeSet<>(kafka.keySet());
        onlyOnKafka.removeAll(skiff.keySet());
        assertEquals(
                Set.of(
                        "InitializeShareGroupState(83)",
                        "ReadShareGroupState(84)",
                        "WriteShareGroupState(85)",
                        "DeleteShareGroupState(86)",
                        "ReadShareGroupStateSummary(87)"),
                onlyOnKafka);
    }

    /**
     * kafka-metadata-quorum describe --status and --replication against Skiff and a real single-node Kafka 4.4.0 print
     * the same, apart from the values that must differ (cluster id, the voter's endpoint, the metadata log's offsets
     * and the timestamps): one voter, the leader, in epoch 1, no lag, no observers.
     */
    @Test
    void metadataQuorumCommandDescribesOneVoterThatLeads() throws Exception {
        String kafka = RealKafka.shared().bootstrapServers();
        assertEquals(
                quorumStatus(run(MetadataQuorumCommand.class, "--bootstrap-server", kafka, "describe", "--status")),
                quorumStatus(run(
                        MetadataQuorumCommand.class,
                        "--bootstrap-server",
                        server.bootstrapServers(),
                        "describe",
                        "--status")));
        List<String> skiff = quorumReplication(run(
                MetadataQuorumCommand.class,
                "--bootstrap-server",
                server.bootstrapServers(),
                "describe",
                "--replication"));
        assertEquals(
                quorumReplication(
                        run(MetadataQuorumCommand.class, "--bootstrap-server", kafka, "describe", "--replication")),
                skiff);
        assertEquals(2, skiff.size(), skiff.toString());
        assertTrue(skiff.get(1).endsWith("Leader"), skiff.toString());
    }

    /** The --status lines with the values that must differ between two brokers masked. */
    private static List<String> quorumStatus(String output) {
        return output.lines()
                .filter(l -> !l.isBlank())
                .map(l -> l.replaceAll("\\s+", " ").strip())
                .map(l -> l.replaceAll("^(ClusterId|HighWatermark): .*", "$1: <differs>"))
                .map(l -> l.replaceAll("\"endpoints\": \\[[^\\]]*\\]", "\"endpoints\": <differs>"))
                .toList();
    }

    /** The --replication rows, columns split, with the log end offset and the two timestamps masked. */
    private static List<String> quorumReplication(String output) {
        return output.lines()
                .filter(l -> !l.isBlank())
                .map(l -> {
                    String[] columns = l.split("\t");
                    for (int i = 0; i < columns.length; i++) {
                        columns[i] = columns[i].strip();
                    }
                    if (!columns[0].equals("NodeId")) {
                        columns[2] = "<leo>";
                        columns[4] = "<time>";
                        columns[5] = "<time>";
                    }
                    return String.join("|", columns);
                })
                .toList();
    }

    /**
     * kafka-delegation-tokens' four operations (through the Admin calls the tool makes) on a PLAINTEXT listener fail on
     * Skiff as on a real Kafka 4.4.0: the same exception with the same message (Skiff issues no tokens; Kafka refuses
     * them on PLAINTEXT channels before it looks at whether tokens are enabled).
     */
    @Test
    void delegationTokenCommandsFailAsOnKafka() throws Exception {
        assertEquals(
                delegationTokenFailures(RealKafka.shared().bootstrapServers()),
                delegationTokenFailures(server.bootstrapServers()));
    }

    private static List<String> delegationTokenFailures(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            byte[] hmac = {1, 2, 3};
            List<org.apache.kafka.common.KafkaFuture<?>> calls = List.of(
                    admin.createDelegationToken().delegationToken(),
                    admin.renewDelegationToken(hmac).expiryTimestamp(),
                    admin.expireDelegationToken(hmac).expiryTimestamp(),
                    admin.describeDelegationToken().delegationTokens());
            return calls.stream()
                    .map(call -> {
                        ExecutionException e = assertThrows(ExecutionException.class, call::get);
                        return e.getCause().getClass().getSimpleName() + ": "
                                + e.getCause().getMessage();
                    })
                    .toList();
        }
    }

    /**
     * AlterReplicaLogDirs (what kafka-reassign-partitions sends for a reassignment with log dirs) on a broker with one
     * log directory, on Skiff as on a real Kafka 4.4.0: to that directory succeeds at once, to any other path
     * LogDirNotFoundException, a partition or topic that does not exist UnknownTopicOrPartitionException.
     */
    @Test
    void alterReplicaLogDirsAnswersAsASingleLogDirKafka() throws Exception {
        assertEquals(
                replicaLogDirOutcomes(RealKafka.shared().bootstrapServers()),
                replicaLogDirOutcomes(server.bootstrapServers()));
    }

    private static List<String> replicaLogDirOutcomes(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            String topic = "log-dirs-" + System.nanoTime();
            admin.createTopics(List.of(new org.apache.kafka.clients.admin.NewTopic(topic, 1, (short) 1)))
                    .all()
                    .get();
            int broker = admin.describeCluster().nodes().get().iterator().next().id();
            String logDir = admin.describeLogDirs(List.of(broker))
                    .allDescriptions()
                    .get()
                    .get(broker)
                    .keySet()
                    .iterator()
                    .next();
            List<Map.Entry<org.apache.kafka.common.TopicPartitionReplica, String>> moves = List.of(
                    Map.entry(new org.apache.kafka.common.TopicPartitionReplica(topic, 0, broker), logDir),
                    Map.entry(new org.apache.kafka.common.TopicPartitionReplica(topic, 0, broker), "/no/such/dir"),
                    Map.entry(new org.apache.kafka.common.TopicPartitionReplica(topic, 5, broker), logDir),
                    Map.entry(
                            new org.apache.kafka.common.TopicPartitionReplica(topic + "-missing", 0, broker), logDir));
            return moves.stream()
                    .map(move -> {
                        try {
                            admin.alterReplicaLogDirs(Map.of(move.getKey(), move.getValue()))
                                    .all()
                                    .get();
                            return "ok";
                        } catch (ExecutionException e) {
                            return e.getCause().getClass().getSimpleName();
                        } catch (InterruptedException e) {
                            throw new AssertionError(e);
                        }
                    })
                    .toList();
        }
    }

    /** The tool's "Name(key): min to max [usable: v]" lines: API to highest version (UNSUPPORTED ones left out). */
    private static Map<String, Integer> highestVersions(String output) {
        Map<String, Integer> highest = new TreeMap<>();
        Matcher m = Pattern.compile("(\\w+\\(\\d+\\)): (\\d+)(?: to (\\d+))? \\[usable")
                .matcher(output);
        while (m.find()) {
            highest.put(m.group(1), Integer.parseInt(m.group(3) != null ? m.group(3) : m.group(2)));
        }
        return highest;
    }

    private static List<String> lines(String output) {
        return output.lines().filter(l -> !l.isBlank()).sorted().toList();
    }
}
