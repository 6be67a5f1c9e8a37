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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One fetch session's life, request by request, sent to Skiff and to a real Kafka 4.1 (each request naming that
 * broker's own session id and topic ids) and compared field by field: which partitions an incremental answer
 * carries, the order of partitions, session errors, forgotten partitions, a deleted and a recreated topic, closing.
 * Session ids are compared as "non-zero" ({@link Normalizer}).
 */
class FetchSessionDifferentialTest {
    private static DifferentialBrokers brokers;

    @BeforeAll
    static void start() {
        brokers = new DifferentialBrokers(name -> name.startsWith("fsd-"));
    }

    @AfterAll
    static void stop() throws IOException {
        if (brokers != null) {
            KafkaSettling.leaveKafkaAsFound(brokers, name -> name.startsWith("fsd-"));
            brokers.close();
        }
    }

    /** The same session's requests as they go to one broker: its own session id and topic ids. */
    private static final class Side {
        final Function<String, UUID> ids;
        int sessionId;

        Side(Function<String, UUID> ids) {
            this.ids = ids;
        }
    }

    /** One step's request, built for one broker. */
    private interface Step {
        FetchRequest build(Side side);
    }

    private final List<String> differences = new ArrayList<>();
    private final Side skiff = new Side(name -> brokers.skiffTopicId(name));
    private final Side kafka = new Side(name -> brokers.kafkaTopicId(name));
    private short version;

    @ParameterizedTest(name = "v{0}")
    @ValueSource(shorts = {7, 12, 13, 17})
    void aSessionsLifeIsAnsweredAsKafkaAnswersIt(short v) throws Exception {
        version = v;
        String a = "fsd-a-v" + v;
        String b = "fsd-b-v" + v;
        createTopic(a, 3);
        createTopic(b, 1);
        produce(a, 0);

        FetchResponse opened = step(
                "full fetch, epoch 0, with an unknown partition",
                s -> fetch(s, 0, 0)
                        .setTopics(list(
                                topic(s, a, part(0, 0), part(7, 0), part(1, 0), part(2, 0)), topic(s, b, part(0, 0)))));
        assertNotEquals(0, opened.sessionId(), "Kafka opened a session");
        step("incremental, nothing new", s -> fetch(s, s.sessionId, 1));
        produce(a, 1);
        step("incremental, records in one partition", s -> fetch(s, s.sessionId, 2));
        step("incremental, moves a partition on and forgets another", s -> {
            FetchRequest r = fetch(s, s.sessionId, 3).setTopics(list(topic(s, a, part(1, 1))));
            r.setForgottenTopicsData(list(forget(s, b, 0)));
            return r;
        });
        step("a duplicate of the last epoch", s -> fetch(s, s.sessionId, 3));
        step("an unknown session id", s -> fetch(s, s.sessionId ^ 0x5a5a5a, 4));
        step("an epoch ahead of the session's", s -> fetch(s, s.sessionId, 9));
        if (version >= 12) {
            short other = version >= 13 ? (short) 12 : (short) 13;
            step(other, "continued at a version that names topics the other way", s -> fetch(s, s.sessionId, 4));
        }
        step(
                "incremental, adds a partition back",
                s -> fetch(s, s.sessionId, 4).setTopics(list(topic(s, b, part(0, 0)))));
        deleteTopic(b);
        step("incremental, a topic of the session was deleted", s -> fetch(s, s.sessionId, 5));
        createTopic(b, 1);
        step("incremental, that topic was created again", s -> fetch(s, s.sessionId, 6));
        step(
                "the last epoch, closing the session",
                s -> fetch(s, s.sessionId, -1).setTopics(list(topic(s, a, part(0, 1)))));
        step("the closed session continued", s -> fetch(s, s.sessionId, 7));
        step("a full fetch naming no partitions", s -> fetch(s, 0, 0));

        if (!differences.isEmpty()) {
            fail(String.join("\n", differences));
        }
    }

    private FetchResponse step(String name, Step step) throws IOException {
        return step(version, name, step);
    }

    /** Sends the step's request to both brokers at {@code v}, compares, and learns each broker's session id. */
    private FetchResponse step(short v, String name, Step step) throws IOException {
        DifferentialBrokers.Outcomes outcomes =
                brokers.send(ApiKeys.FETCH, v, "skiff-differential", step.build(skiff), step.build(kafka));
        DifferentialBrokers.Comparison c = brokers.compare(ApiKeys.FETCH, "fetch session: " + name, outcomes);
        if (!c.unexplained().isEmpty()) {
            differences.add("v" + v + " " + name + ": " + c.unexplained() + "\n  Skiff: " + c.skiff() + "\n  Kafka: "
                    + c.kafka());
        }
        FetchResponse skiffAnswer = (FetchResponse) outcomes.skiffAnswer();
        FetchResponse kafkaAnswer = (FetchResponse) outcomes.kafkaAnswer();
        if (skiffAnswer.sessionId() != 0) {
            skiff.sessionId = skiffAnswer.sessionId();
        }
        if (kafkaAnswer.sessionId() != 0) {
            kafka.sessionId = kafkaAnswer.sessionId();
        }
        return kafkaAnswer;
    }

    private FetchRequest fetch(Side side, int sessionId, int epoch) {
        return new FetchRequest()
                .setReplicaId(-1)
                .setMaxWaitMs(0)
                .setMinBytes(1)
                .setMaxBytes(1 << 20)
                .setSessionId(sessionId)
                .setSessionEpoch(epoch);
    }

    private static FetchRequest.FetchPartition part(int partition, long offset) {
        return new FetchRequest.FetchPartition()
                .setPartition(partition)
                .setFetchOffset(offset)
                .setPartitionMaxBytes(1 << 20);
    }

    private FetchRequest.FetchTopic topic(Side side, String name, FetchRequest.FetchPartition... partitions) {
        FetchRequest.FetchTopic t = new FetchRequest.FetchTopic().setPartitions(list(partitions));
        return version >= 13 ? t.setTopic("").setTopicId(side.ids.apply(name)) : t.setTopic(name);
    }

    private FetchRequest.ForgottenTopic forget(Side side, String name, int partition) {
        FetchRequest.ForgottenTopic t = new FetchRequest.ForgottenTopic().setPartitions(list(partition));
        return version >= 13 ? t.setTopic("").setTopicId(side.ids.apply(name)) : t.setTopic(name);
    }

    private static void createTopic(String name, int partitions) throws IOException {
        brokers.createTopicOnBoth(name, partitions);
    }

    private static void deleteTopic(String name) throws IOException {
        brokers.sendToBoth(
                ApiKeys.DELETE_TOPICS,
                (short) 5,
                new DeleteTopicsRequest().setTopicNames(list(name)).setTimeoutMs(30_000));
        await().atMost(Duration.ofSeconds(30)).until(() -> !brokers.kafkaKnows(name));
    }

    private static void produce(String topic, int partition) throws IOException {
        brokers.produceInitialBatchToBoth(topic, partition);
    }
}
