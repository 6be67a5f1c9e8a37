package io.skiff.compat;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.tools.DeleteRecordsCommand;
import org.apache.kafka.tools.FeatureCommand;
import org.apache.kafka.tools.GetOffsetShell;
import org.apache.kafka.tools.TopicCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka 4.1.1's own command-line tools (kafka-tools jar) against Skiff: kafka-topics.sh (TopicCommand),
 * kafka-get-offsets.sh (GetOffsetShell) and kafka-delete-records.sh (DeleteRecordsCommand), run in-process.
 * Their {@code execute} entry points are called directly (without System.exit), printing to a captured stdout.
 */
class KafkaToolsCompatTest {
    static SkiffServer server;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() {
        server = SkiffServer.builder().start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

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
    private static synchronized String run(Class<?> tool, String... args) throws Exception {
        Method execute = tool.getDeclaredMethod("execute", String[].class);
        execute.setAccessible(true);
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        Exit.setExitProcedure((status, message) -> {
            throw new ExitCalled(status, message);
        });
        try {
            execute.invoke(null, (Object) args);
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

    /**
     * kafka-features.sh describe (FeatureCommand) lists the features as Kafka 4.1.1 does; Kafka also lists
     * metadata.version, kraft.version, share.version and eligible.leader.replicas.version, which describe a KRaft
     * cluster, and its epoch is that of its metadata log.
     */
    @Test
    void featureCommandDescribesGroupAndTransactionVersion() throws Exception {
        String out = run(FeatureCommand.class, "--bootstrap-server", server.bootstrapServers(), "describe");
        assertEquals(
                List.of(
                        "Feature: group.version\tSupportedMinVersion: 0\tSupportedMaxVersion: 1\t"
                                + "FinalizedVersionLevel: 1\tEpoch: 0",
                        "Feature: transaction.version\tSupportedMinVersion: 0\tSupportedMaxVersion: 2\t"
                                + "FinalizedVersionLevel: 2\tEpoch: 0"),
                out.lines().filter(l -> l.startsWith("Feature: ")).toList());
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

    private static List<String> lines(String output) {
        return output.lines().filter(l -> !l.isBlank()).sorted().toList();
    }
}
