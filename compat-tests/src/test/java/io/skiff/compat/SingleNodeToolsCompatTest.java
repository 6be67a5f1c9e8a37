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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.clients.ExternalProcess;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Kafka 4.4.0's client-facing tools that no other compat test runs side by side, each run in a child JVM on Kafka's
 * own jars against Skiff and against the reference Kafka 4.4.0, their exit status and output compared (log lines left
 * out): kafka-console-producer and kafka-console-consumer (keys, partitions, offsets), kafka-log-dirs,
 * kafka-cluster cluster-id, unregister and unregister-controller (ids never registered, the active controller),
 * kafka-metadata-quorum remove-controller (refused by a static quorum), kafka-streams-groups and kafka-transactions for what does not exist. Topic and group
 * names carry this class's prefix, as the reference Kafka is shared. Skiff is given the reference Kafka's cluster id.
 */
@Skiff(properties = "cluster.id=" + RealKafka.CLUSTER_ID)
class SingleNodeToolsCompatTest {
    private static final String P = "sntools-";
    static SkiffServer skiff;

    /** The tool's exit status and output (stdout, then stderr without SLF4J/log4j noise) against one broker. */
    private static String run(String bootstrap, String stdin, String mainClass, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        // kafka-cluster takes its subcommand first, the others their options first
        all.add(mainClass.endsWith("ClusterTool") ? 1 : 0, "--bootstrap-server");
        all.add(mainClass.endsWith("ClusterTool") ? 2 : 1, bootstrap);
        ExternalProcess process = ExternalProcess.java(RealKafka.libs() + "/*", mainClass, all.toArray(new String[0]));
        ExternalProcess.Result r = stdin == null ? process.run() : process.run(stdin);
        StringBuilder out = new StringBuilder("exit " + r.exitCode() + "\n");
        (r.stdout() + r.stderr())
                .lines()
                .filter(l -> !l.isBlank() && !l.startsWith("SLF4J") && !l.contains(" WARN ") && !l.startsWith("\tat "))
                .forEach(l -> out.append(l).append('\n'));
        return out.toString();
    }

    private static String both(String stdin, String mainClass, String... args) {
        return bothNormalized(UnaryOperator.identity(), stdin, mainClass, args);
    }

    /**
     * The tool run against both brokers at once (two child JVMs side by side), its outputs compared after
     * {@code normalize}; returns Skiff's.
     */
    private static String bothNormalized(
            UnaryOperator<String> normalize, String stdin, String mainClass, String... args) {
        String kafkaBootstrap = RealKafka.shared().bootstrapServers();
        CompletableFuture<String> onKafka = CompletableFuture.supplyAsync(
                () -> run(kafkaBootstrap, stdin, mainClass, args), task -> new Thread(task, "tool-on-kafka").start());
        String onSkiff = normalize.apply(run(skiff.bootstrapServers(), stdin, mainClass, args));
        assertEquals(normalize.apply(onKafka.join()), onSkiff, mainClass + " " + String.join(" ", args));
        return onSkiff;
    }

    /** Runs independent comparisons at once (child JVMs mostly wait on start-up and the network); all must pass. */
    private static void concurrently(Runnable... comparisons) {
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (Runnable comparison : comparisons) {
            runs.add(CompletableFuture.runAsync(comparison, task -> new Thread(task, "tool-comparison").start()));
        }
        AssertionError firstFailure = null;
        for (CompletableFuture<Void> run : runs) {
            try {
                run.join();
            } catch (CompletionException e) {
                if (firstFailure == null) {
                    firstFailure = e.getCause() instanceof AssertionError failed ? failed : new AssertionError(e);
                }
            }
        }
        if (firstFailure != null) {
            throw firstFailure;
        }
    }

    @Test
    void consoleProducerAndConsumerRoundTripKeysAsOnKafka() {
        String topic = P + "console";
        both(null, "org.apache.kafka.tools.TopicCommand", "--create", "--topic", topic, "--partitions", "1");
        both(
                "k1:v1\nk2:v2\n",
                "org.apache.kafka.tools.ConsoleProducer",
                "--topic",
                topic,
                "--reader-property",
                "parse.key=true",
                "--reader-property",
                "key.separator=:");
        String consumed = both(
                null,
                "org.apache.kafka.tools.consumer.ConsoleConsumer",
                "--topic",
                topic,
                "--from-beginning",
                "--max-messages",
                "2",
                "--formatter-property",
                "print.key=true",
                "--formatter-property",
                "print.offset=true",
                "--formatter-property",
                "print.partition=true");
        assertTrue(consumed.contains("Partition:0\tOffset:1\tk2\tv2"), consumed);
    }

    @Test
    void clusterIdAndLogDirsAsOnKafka() {
        concurrently(
                () -> assertEquals(
                        "exit 0\nCluster ID: " + RealKafka.CLUSTER_ID + "\n",
                        both(null, "org.apache.kafka.tools.ClusterTool", "cluster-id")),
                // The directory differs (a temporary one each) and Kafka's holds other test classes' partitions: the
                // broker and the one log directory without error are compared.
                () -> bothNormalized(
                        out -> out.replaceAll("\"logDir\":\"[^\"]*\"", "LOGDIR")
                                .replaceAll("\"totalBytes\":\\d+,\"usableBytes\":\\d+", "BYTES"),
                        null,
                        "org.apache.kafka.tools.LogDirsCommand",
                        "--describe",
                        "--topic-list",
                        P + "none"));
    }

    @Test
    void unregisterOfABrokerNeverRegisteredAsOnKafka() {
        // Never the reference Kafka's own id (1): its broker would stay unregistered until it restarts (its heartbeats
        // get STALE_BROKER_EPOCH, Metadata lists no broker), breaking the tests that run after. The Admin client logs
        // the failure with a timestamp.
        String out = bothNormalized(
                o -> o.replaceAll("(?m)^\\S+ (kafka-admin-client-thread)", "TIME $1"),
                null,
                "org.apache.kafka.tools.ClusterTool",
                "unregister",
                "--id",
                "99");
        assertTrue(out.startsWith("exit 1\n"), out);
        assertTrue(out.contains("BrokerIdNotRegisteredException: Broker ID 99 is not currently registered"), out);
    }

    @Test
    void unregisterControllerAndRemoveControllerAsOnKafka() {
        UnaryOperator<String> timestamps = o -> o.replaceAll("(?m)^\\S+ (kafka-admin-client-thread)", "TIME $1");
        concurrently(
                () -> assertTrue(bothNormalized(
                                timestamps,
                                null,
                                "org.apache.kafka.tools.ClusterTool",
                                "unregister-controller",
                                "--id",
                                "99")
                        .contains("ControllerIdNotRegisteredException: Controller ID 99 is not currently registered.")),
                () -> assertTrue(bothNormalized(
                                timestamps,
                                null,
                                "org.apache.kafka.tools.ClusterTool",
                                "unregister-controller",
                                "--id",
                                Integer.toString(RealKafka.NODE_ID))
                        .contains("Controller cannot unregister itself while it is active.")),
                // A static quorum (kraft.version 0) refuses to change its voters: the reference Kafka stays as it is.
                () -> assertTrue(bothNormalized(
                                timestamps,
                                null,
                                "org.apache.kafka.tools.MetadataQuorumCommand",
                                "remove-controller",
                                "--controller-id",
                                Integer.toString(RealKafka.NODE_ID),
                                "--controller-directory-id",
                                "AAAAAAAAAAAAAAAAAAAAAQ")
                        .contains("because the kraft.version feature is 0")));
    }

    @Test
    void missingStreamsGroupAndTransactionAsOnKafka() {
        // One after the other: on a fresh Kafka the first two create __consumer_offsets and __transaction_state,
        // whose partitions find-hanging would see still without a leader if they ran at once.
        both(null, "org.apache.kafka.tools.streams.StreamsGroupCommand", "--describe", "--group", P + "none");
        both(null, "org.apache.kafka.tools.TransactionsCommand", "describe", "--transactional-id", P + "none");
        both(null, "org.apache.kafka.tools.TransactionsCommand", "find-hanging", "--broker-id", "1");
    }
}
