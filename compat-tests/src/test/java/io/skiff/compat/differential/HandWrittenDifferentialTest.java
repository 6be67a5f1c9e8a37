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

import static io.skiff.compat.differential.HandWrittenCorpus.list;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.CreateTopicsResponse;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.ProduceResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The hand-written corpus ({@link HandWrittenCorpus}) against Skiff and a real Kafka 4.1: every case at every
 * version Skiff advertises for its API, one dynamic test each, answers compared field by field. Both brokers start
 * from the same state: one topic with a batch of records.
 */
class HandWrittenDifferentialTest {
    private static DifferentialBrokers brokers;

    @BeforeAll
    static void start() throws IOException {
        brokers = new DifferentialBrokers();
        CreateTopicsRequest create = new CreateTopicsRequest()
                .setTimeoutMs(30_000)
                .setTopics(list(new CreateTopicsRequest.CreatableTopic()
                        .setName(HandWrittenCorpus.TOPIC)
                        .setNumPartitions(HandWrittenCorpus.PARTITIONS)
                        .setReplicationFactor((short) 1)));
        CreateTopicsResponse created =
                (CreateTopicsResponse) brokers.sendToBoth(ApiKeys.CREATE_TOPICS, (short) 7, create);
        assertEquals(0, created.topics().get(0).errorCode(), "Kafka created " + HandWrittenCorpus.TOPIC);
        await().atMost(Duration.ofSeconds(30)).until(() -> brokers.kafkaKnows(HandWrittenCorpus.TOPIC));
        ProduceRequest produce = new ProduceRequest()
                .setAcks((short) -1)
                .setTimeoutMs(30_000)
                .setTopicData(list(new ProduceRequest.TopicProduceData()
                        .setName(HandWrittenCorpus.TOPIC)
                        .setPartitionData(list(new ProduceRequest.PartitionProduceData()
                                .setIndex(0)
                                .setRecords(HandWrittenCorpus.initialBatch())))));
        brokers.sendToSkiff(ApiKeys.PRODUCE, (short) 9, produce);
        // Kafka's new partition may not have its leader yet on a loaded machine: retry until the batch is stored.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> ((ProduceResponse) brokers.sendToKafka(ApiKeys.PRODUCE, (short) 9, produce))
                                .responses()
                                .get(0)
                                .partitionResponses()
                                .get(0)
                                .errorCode()
                        == 0);
        ReadyCoordinators.awaitReady(brokers, HandWrittenCorpus.GROUP, "hw-txn");
    }

    @AfterAll
    static void stop() throws IOException {
        if (brokers != null) {
            brokers.close();
        }
    }

    /** The corpus: every API Skiff advertises has its default request plus its edge cases. */
    private static List<DifferentialCase> corpus() {
        List<DifferentialCase> cases = new ArrayList<>();
        for (ApiKeys api : brokers.skiffRanges().keySet()) {
            cases.add(HandWrittenCorpus.defaults(api));
        }
        cases.addAll(HandWrittenCorpus.cases());
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> everyCaseAtEveryAdvertisedVersion() {
        List<DynamicTest> tests = new ArrayList<>();
        for (DifferentialCase c : corpus()) {
            short[] range = brokers.skiffRanges().get(c.api());
            if (range == null) {
                continue; // Skiff does not advertise it (yet)
            }
            if (notInReferenceKafka(c.api())) {
                continue;
            }
            for (short v = (short) Math.max(range[0], c.minVersion()); v <= Math.min(range[1], c.maxVersion()); v++) {
                short version = v;
                if (!DifferentialBrokers.encodable(c, version)) {
                    continue; // a field this version does not have
                }
                tests.add(DynamicTest.dynamicTest(
                        c.api().name + " v" + version + ": " + c.name(), () -> compare(c, version)));
            }
        }
        return tests.stream();
    }

    /**
     * The APIs Skiff serves that the reference Kafka does not advertise (none against Kafka 4.4, which formats its
     * cluster with share.version=2 and streams.version=1; a Kafka 4.1 reference lacks the share and streams group
     * APIs): they cannot be compared with it.
     */
    private static boolean notInReferenceKafka(ApiKeys api) {
        return brokers.kafkaRange(api) == null;
    }

    private static void compare(DifferentialCase c, short version) throws IOException {
        DifferentialBrokers.Comparison result = brokers.compare(c, version);
        KafkaSettling.awaitQuotas(brokers, c.request().apply(version, brokers::kafkaTopicId), result.kafkaAnswer());
        if (!result.unexplained().isEmpty()) {
            fail(c.api().name + " v" + version + " \"" + c.name() + "\": "
                    + result.unexplained().stream()
                            .map(Object::toString)
                            .collect(Collectors.joining("\n  ", "\n  ", ""))
                    + "\nSkiff: " + result.skiff() + "\nKafka: " + result.kafka());
        }
    }

    @Test
    void everyAdvertisedApiHasEdgeCases() {
        Set<ApiKeys> covered = HandWrittenCorpus.cases().stream()
                .map(DifferentialCase::api)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<ApiKeys> missing = new TreeSet<>(brokers.skiffRanges().keySet());
        missing.removeAll(covered);
        missing.removeAll(Set.of(ApiKeys.API_VERSIONS, ApiKeys.SASL_HANDSHAKE, ApiKeys.SASL_AUTHENTICATE));
        assertTrue(missing.isEmpty(), "APIs without hand-written edge cases: " + missing);
    }

    @Test
    void skiffAdvertisesOnlyVersionsKafkaHas() {
        for (Map.Entry<ApiKeys, short[]> e : brokers.skiffRanges().entrySet()) {
            if (notInReferenceKafka(e.getKey())) {
                continue;
            }
            short[] kafka = brokers.kafkaRange(e.getKey());
            assertTrue(kafka != null, e.getKey() + " is not advertised by Kafka");
            int min = e.getKey() == ApiKeys.PRODUCE ? 0 : kafka[0]; // AllowList: Produce from v0 for librdkafka
            assertTrue(
                    e.getValue()[0] >= min && e.getValue()[1] <= kafka[1],
                    e.getKey() + ": Skiff " + e.getValue()[0] + "-" + e.getValue()[1] + ", Kafka " + kafka[0] + "-"
                            + kafka[1]);
        }
    }
}
