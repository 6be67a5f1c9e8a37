package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.StreamsGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka Streams 4.4.0 on the streams rebalance protocol ({@code group.protocol=streams}, KIP-1071) against Skiff: the
 * broker records the topology, creates the repartition and changelog topics, assigns the tasks and hands out the
 * endpoints for interactive queries. Each application runs in a child JVM ({@link StreamsApp}); the counts it writes
 * must be exact.
 */
class StreamsGroupCompatTest {
    private static SkiffServer skiff;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void startBroker() {
        skiff = SkiffServer.builder().port(0).start();
    }

    @AfterAll
    static void stopBroker() {
        if (skiff != null) {
            skiff.close();
        }
    }

    @Test
    void wordCountAtLeastOnceRunsWithExactCounts() throws Exception {
        wordCount("sg-alos", "at_least_once");
    }

    @Test
    void wordCountExactlyOnceV2RunsWithExactCounts() throws Exception {
        wordCount("sg-eos", "exactly_once_v2");
    }

    private void wordCount(String app, String guarantee) throws Exception {
        String input = app + "-in";
        String output = app + "-out";
        skiff.createTopic(input, 2);
        skiff.createTopic(output, 2);
        try (StreamsApp streams = StreamsApp.start(
                skiff.bootstrapServers(), app, input, output, tmp.resolve(app), guarantee, 0, logFile(app))) {
            streams.awaitLine("STATE RUNNING", Duration.ofSeconds(60));
            Map<String, Long> expected = new HashMap<>();
            send(
                    input,
                    List.of("the quick brown fox", "jumps over the lazy dog", "The dog barks", "THE END"),
                    expected);
            awaitCounts(output, expected, guarantee.startsWith("exactly"));
            assertFalse(streams.failed(), () -> "Kafka Streams failed: " + streams.lines());

            try (Admin admin = admin()) {
                StreamsGroupDescription group =
                        admin.describeStreamsGroups(List.of(app)).all().get().get(app);
                assertEquals(1, group.members().size(), group::toString);
                assertEquals(2, group.subtopologies().size(), group::toString);
                List<String> listed = new ArrayList<>();
                for (GroupListing g : admin.listGroups(new ListGroupsOptions().withTypes(Set.of(GroupType.STREAMS)))
                        .all()
                        .get()) {
                    listed.add(g.groupId());
                }
                assertTrue(listed.contains(app), () -> "listed: " + listed);
                Set<String> topics = admin.listTopics().names().get();
                assertTrue(topics.contains(app + "-counts-repartition"), topics::toString);
                assertTrue(topics.contains(app + "-counts-changelog"), topics::toString);
            }
        }
    }

    static void send(String topic, List<String> lines, Map<String, Long> expected) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", skiff.bootstrapServers());
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (String line : lines) {
                producer.send(new ProducerRecord<>(topic, line, line)).get();
                for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
                    expected.merge(word, 1L, Long::sum);
                }
            }
        }
    }

    static void awaitCounts(String topic, Map<String, Long> expected, boolean readCommitted) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, readCommitted ? "read_committed" : "read_uncommitted");
        Map<String, Long> counts = new HashMap<>();
        try (KafkaConsumer<String, Long> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new LongDeserializer())) {
            List<org.apache.kafka.common.TopicPartition> partitions = List.of(
                    new org.apache.kafka.common.TopicPartition(topic, 0),
                    new org.apache.kafka.common.TopicPartition(topic, 1));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Awaitility.await("word counts " + expected)
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> {
                        consumer.poll(Duration.ofMillis(200)).forEach(r -> counts.put(r.key(), r.value()));
                        return counts.equals(expected);
                    });
        }
        assertEquals(expected, counts);
    }

    /** The child JVM's stderr, kept in target/ for a failure's diagnosis. */
    static Path logFile(String name) throws java.io.IOException {
        Path dir = Path.of("target", "streams-apps");
        java.nio.file.Files.createDirectories(dir);
        return dir.resolve(name + ".log");
    }

    static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()));
    }

    static void setGroupConfig(String group, String key, String value) throws Exception {
        try (Admin admin = admin()) {
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, group),
                            List.of(new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET))))
                    .all()
                    .get();
        }
    }
}
