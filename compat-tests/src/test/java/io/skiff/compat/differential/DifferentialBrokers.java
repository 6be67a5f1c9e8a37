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
package io.skiff.compat.differential;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.SkiffServer;
import io.skiff.compat.RealKafka;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.ProtocolException;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.ApiVersionsResponse;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.CreateTopicsResponse;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.MetadataResponse;
import io.skiff.protocol.message.ProduceRequest;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Skiff and a real Kafka side by side, each behind its own {@link WireConnection}: one request goes to both, the two
 * answers are decoded by Skiff's message classes, normalized ({@link Normalizer}) and compared field by field
 * ({@link TreeDiff}) against the {@link AllowList}. Skiff is started here with Kafka's cluster id and node id and
 * the settings of {@link RealKafka#CONFIG}; Kafka is the test JVM's shared one, so every user of this class must
 * leave Kafka as it would leave Skiff (unique topic and group names per test class).
 *
 * <p>Not thread-safe: one comparison at a time.
 */
final class DifferentialBrokers implements Closeable {
    private static final String CLIENT_ID = "skiff-differential";
    private final Predicate<String> ownNames;
    private final SkiffServer skiff;
    private final RealKafka kafka;
    private final WireConnection toSkiff;
    private final WireConnection toKafka;
    private final TopicIds skiffIds;
    private final TopicIds kafkaIds;
    private final Map<ApiKeys, short[]> skiffRanges = new TreeMap<>();
    private final Map<ApiKeys, short[]> kafkaRanges = new TreeMap<>();

    /** For a corpus whose topics and groups are all named {@code hw…}. */
    DifferentialBrokers() {
        this(name -> name.startsWith("hw"));
    }

    /**
     * {@code ownNames}: whether a topic or group name is one of the corpus's; Kafka's lists of all topics or groups
     * are compared without the others (other test classes share the real Kafka).
     */
    DifferentialBrokers(Predicate<String> ownNames) {
        this.ownNames = ownNames;
        kafka = RealKafka.shared();
        skiff = SkiffServer.builder()
                .config("cluster.id", RealKafka.CLUSTER_ID)
                .config("node.id", Integer.toString(RealKafka.NODE_ID))
                .config("num.partitions", RealKafka.CONFIG.get("num.partitions"))
                .config("offsets.topic.num.partitions", RealKafka.CONFIG.get("offsets.topic.num.partitions"))
                .config("group.initial.rebalance.delay.ms", RealKafka.CONFIG.get("group.initial.rebalance.delay.ms"))
                .config("auto.create.topics.enable", RealKafka.CONFIG.get("auto.create.topics.enable"))
                // Kafka's default (Skiff's developer default is 500 ms): a consumer group's answers carry it
                .config("group.consumer.heartbeat.interval.ms", "5000")
                .start();
        toSkiff = new WireConnection("127.0.0.1", skiff.port());
        toKafka = new WireConnection(kafka.host(), kafka.port());
        skiffIds = new TopicIds(toSkiff);
        kafkaIds = new TopicIds(toKafka);
        try {
            readRanges(toSkiff, skiffRanges);
            readRanges(toKafka, kafkaRanges);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The APIs Skiff advertises, with its version range. */
    Map<ApiKeys, short[]> skiffRanges() {
        return skiffRanges;
    }

    /** Kafka's range for {@code api}, or null when Kafka does not advertise it. */
    short[] kafkaRange(ApiKeys api) {
        return kafkaRanges.get(api);
    }

    private static void readRanges(WireConnection connection, Map<ApiKeys, short[]> into) throws IOException {
        WireConnection.Reply reply = connection.send(
                ApiKeys.API_VERSIONS,
                (short) 3,
                new ApiVersionsRequest()
                        .setClientSoftwareName("skiff-differential")
                        .setClientSoftwareVersion("1"));
        for (ApiVersionsResponse.ApiVersion v : ((ApiVersionsResponse) reply.body()).apiKeys()) {
            ApiKeys api = ApiKeys.forId(v.apiKey());
            if (api != null) {
                into.put(api, new short[] {v.minVersion(), v.maxVersion()});
            }
        }
    }

    /** Both answers to one request, normalized, what differs between them, and Kafka's answer as it came. */
    record Comparison(
            Object skiff,
            Object kafka,
            List<TreeDiff.Difference> unexplained,
            List<String> allowed,
            ApiMessage kafkaAnswer) {}

    /**
     * What each broker did with one request: a {@link WireConnection.Reply}, a {@link Closing} or a description of
     * an unanswered request.
     */
    record Outcomes(Object skiff, Object kafka) {
        /** Skiff's decoded answer, or null when there is none. */
        ApiMessage skiffAnswer() {
            return answer(skiff);
        }

        /** Kafka's decoded answer, or null when there is none. */
        ApiMessage kafkaAnswer() {
            return answer(kafka);
        }

        private static ApiMessage answer(Object outcome) {
            if (outcome instanceof Closing closing) {
                return closing.reply().body();
            }
            return outcome instanceof WireConnection.Reply reply ? reply.body() : null;
        }
    }

    /**
     * Sends the request {@code c} builds at {@code version} to Skiff, then to Kafka (each with its own topic ids), and
     * compares the answers.
     */
    Comparison compare(DifferentialCase c, short version) throws IOException {
        ApiMessage toSkiffRequest = c.request().apply(version, skiffIds::id);
        ApiMessage toKafkaRequest = c.request().apply(version, kafkaIds::id);
        return compare(c.api(), c.name(), send(c.api(), version, CLIENT_ID, toSkiffRequest, toKafkaRequest));
    }

    /** Sends one request to Skiff, then its counterpart to Kafka, under {@code clientId}; compares nothing. */
    Outcomes send(ApiKeys api, short version, String clientId, ApiMessage toSkiffRequest, ApiMessage toKafkaRequest)
            throws IOException {
        return new Outcomes(
                send(toSkiff, api, version, clientId, toSkiffRequest),
                send(toKafka, api, version, clientId, toKafkaRequest));
    }

    /** Normalizes and compares the two outcomes of one request of {@code api}, named {@code caseName}. */
    Comparison compare(ApiKeys api, String caseName, Outcomes outcomes) {
        skiffIds.learn(outcomes.skiffAnswer());
        kafkaIds.learn(outcomes.kafkaAnswer());
        Object skiffTree = AllowList.dropForeignEntries(
                api, tree(api, outcomes.skiff(), new Normalizer(api, skiff.port(), skiffIds::name)), ownNames);
        Object kafkaTree = AllowList.dropForeignEntries(
                api, tree(api, outcomes.kafka(), new Normalizer(api, kafka.port(), kafkaIds::name)), ownNames);
        List<TreeDiff.Difference> unexplained = new ArrayList<>();
        List<String> allowed = new ArrayList<>();
        for (TreeDiff.Difference d : TreeDiff.between(skiffTree, kafkaTree)) {
            AllowList.find(api, caseName, d)
                    .ifPresentOrElse(a -> allowed.add(d + " (allowed: " + a.reason() + ")"), () -> unexplained.add(d));
        }
        return new Comparison(skiffTree, kafkaTree, unexplained, allowed, outcomes.kafkaAnswer());
    }

    /** The id of {@code topic} on Skiff (a fixed unknown id when it has none). */
    UUID skiffTopicId(String topic) {
        return skiffIds.id(topic);
    }

    /** The id of {@code topic} on Kafka (a fixed unknown id when it has none). */
    UUID kafkaTopicId(String topic) {
        return kafkaIds.id(topic);
    }

    /** Whether the request {@code c} builds can be encoded at {@code version} (it may use fields of later versions). */
    static boolean encodable(DifferentialCase c, short version) {
        ApiMessage request = c.request().apply(version, name -> HandWrittenCorpus.UNKNOWN_ID);
        try {
            request.write(new ByteBufferAccessor(ByteBuffer.allocate(request.size(version))), version);
            return true;
        } catch (ProtocolException e) { // UnsupportedVersionException included
            return false;
        }
    }

    /**
     * Sends one request; for a Produce with acks=0 (which gets no answer) the outcome is whether the connection is
     * still open, learned from an ApiVersions request sent after it.
     */
    private static Object send(
            WireConnection connection, ApiKeys api, short version, String clientId, ApiMessage request)
            throws IOException {
        if (request instanceof ProduceRequest produce && produce.acks() == 0) {
            connection.sendWithoutAnswer(api, version, request, clientId);
            WireConnection.Reply probe = probe(connection);
            return probe.isClosed() ? "<no answer (acks=0), connection closed>" : "<no answer (acks=0)>";
        }
        WireConnection.Reply reply = connection.send(api, version, request, clientId);
        if (reply.isClosed()) {
            return reply;
        }
        // A broker may answer and then close the connection: that is part of its answer (and must not be blamed
        // on the next request).
        return probe(connection).isClosed() ? new Closing(reply) : reply;
    }

    /** An answer after which the broker closed the connection. */
    record Closing(WireConnection.Reply reply) {}

    private static WireConnection.Reply probe(WireConnection connection) throws IOException {
        return connection.send(
                ApiKeys.API_VERSIONS,
                (short) 3,
                new ApiVersionsRequest()
                        .setClientSoftwareName("skiff-differential")
                        .setClientSoftwareVersion("1"));
    }

    /** Sends to both brokers without comparing (to set up the same state on both); returns Kafka's answer. */
    ApiMessage sendToBoth(ApiKeys api, short version, ApiMessage request) throws IOException {
        toSkiff.send(api, version, request);
        return toKafka.send(api, version, request).body();
    }

    /** Sends to Skiff only; returns its answer. */
    ApiMessage sendToSkiff(ApiKeys api, short version, ApiMessage request) throws IOException {
        return toSkiff.send(api, version, request).body();
    }

    /** Sends to Kafka only; returns its answer. */
    ApiMessage sendToKafka(ApiKeys api, short version, ApiMessage request) throws IOException {
        return toKafka.send(api, version, request).body();
    }

    /** Creates {@code topic} with {@code partitions} partitions on both brokers and waits until Kafka serves it. */
    void createTopicOnBoth(String topic, int partitions) throws IOException {
        CreateTopicsResponse created = (CreateTopicsResponse) sendToBoth(
                ApiKeys.CREATE_TOPICS,
                (short) 7,
                new CreateTopicsRequest()
                        .setTimeoutMs(30_000)
                        .setTopics(HandWrittenCorpus.list(new CreateTopicsRequest.CreatableTopic()
                                .setName(topic)
                                .setNumPartitions(partitions)
                                .setReplicationFactor((short) 1))));
        assertEquals(0, created.topics().get(0).errorCode(), "Kafka created " + topic);
        await().atMost(Duration.ofSeconds(30)).until(() -> kafkaKnows(topic));
    }

    /** Appends the corpus's first batch ({@link HandWrittenCorpus#initialBatch()}) to a partition on both brokers. */
    void produceInitialBatchToBoth(String topic, int partition) throws IOException {
        sendToBoth(
                ApiKeys.PRODUCE,
                (short) 9,
                new ProduceRequest()
                        .setAcks((short) -1)
                        .setTimeoutMs(30_000)
                        .setTopicData(HandWrittenCorpus.list(new ProduceRequest.TopicProduceData()
                                .setName(topic)
                                .setPartitionData(HandWrittenCorpus.list(new ProduceRequest.PartitionProduceData()
                                        .setIndex(partition)
                                        .setRecords(HandWrittenCorpus.initialBatch()))))));
    }

    /** Whether Kafka's broker already serves {@code topic} with a leader for every partition. */
    boolean kafkaKnows(String topic) throws IOException {
        MetadataRequest request = new MetadataRequest()
                .setTopics(new ArrayList<>(List.of(new MetadataRequest.MetadataRequestTopic().setName(topic))))
                .setAllowAutoTopicCreation(false);
        MetadataResponse response = (MetadataResponse)
                toKafka.send(ApiKeys.METADATA, (short) 12, request).body();
        return response.topics().stream()
                .allMatch(t -> t.errorCode() == 0
                        && !t.partitions().isEmpty()
                        && t.partitions().stream().allMatch(p -> p.errorCode() == 0 && p.leaderId() >= 0));
    }

    private static Object tree(ApiKeys api, Object outcome, Normalizer normalizer) {
        if (outcome instanceof String s) {
            return s;
        }
        if (outcome instanceof Closing closing) {
            return Map.of("answer", tree(api, closing.reply(), normalizer), "then", "<connection closed>");
        }
        WireConnection.Reply reply = (WireConnection.Reply) outcome;
        if (reply.isClosed()) {
            return "<" + reply.failure() + ">";
        }
        return normalizer.normalize(MessageTree.of(reply.body()));
    }

    @Override
    public void close() throws IOException {
        toSkiff.close();
        toKafka.close();
        skiff.close();
    }
}
