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

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.skiff.protocol.ApiMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The requests real clients sent to Apache Kafka (protocol's golden frames: the Java client and Kafka's tools, kcat,
 * kafkajs against 4.1.1; Confluent's JavaScript client with librdkafka 2.15, KIP-848 consumer included, against
 * 4.4.0), replayed in capture order, client by client, to Skiff and to a real Kafka that start from the same
 * state; the answers are compared field by field. What the capture's Kafka allocated (topic ids, member ids,
 * producer ids, fetch sessions) is translated to each broker's own ({@link IdTranslation}); a fetch session's
 * continuations go to the session each broker opened for the capture's full fetch. A request of an API or
 * version Skiff does not advertise is skipped, with the reason. After a request that creates or deletes topics the
 * replay waits until Kafka's metadata shows it, as the capture's clients did by retrying ({@link KafkaSettling}).
 */
class CapturedDifferentialTest {
    private static final List<String> CAPTURES =
            List.of("java.frames", "kcat.frames", "kafkajs.frames", "confluent-js.frames");

    private static DifferentialBrokers brokers;
    private static Set<String> capturedNames;
    private static int replayed;
    private static final List<String> skipped = new ArrayList<>();

    @BeforeAll
    static void start() throws IOException {
        capturedNames = new HashSet<>();
        for (String capture : CAPTURES) {
            for (CapturedExchange e : CapturedExchange.read(capture)) {
                collectStrings(MessageTree.of(e.requestBody()), capturedNames);
            }
        }
        brokers = new DifferentialBrokers(capturedNames::contains);
        ReadyCoordinators.awaitReady(brokers, "captured-warm-up", "captured-warm-up");
    }

    private static void collectStrings(Object tree, Set<String> into) {
        if (tree instanceof Map<?, ?> m) {
            m.values().forEach(v -> collectStrings(v, into));
        } else if (tree instanceof List<?> l) {
            l.forEach(v -> collectStrings(v, into));
        } else if (tree instanceof String s) {
            into.add(s);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        System.out.println("Captured corpus: " + replayed + " requests replayed, " + skipped.size() + " skipped"
                + skipped.stream().collect(Collectors.joining("\n  ", skipped.isEmpty() ? "" : ":\n  ", "")));
        if (brokers != null) {
            KafkaSettling.leaveKafkaAsFound(brokers, capturedNames::contains);
            brokers.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> everyCapturedRequestInCaptureOrder() {
        return CAPTURES.stream().map(capture -> {
            IdTranslation toSkiff = new IdTranslation();
            IdTranslation toKafka = new IdTranslation();
            List<CapturedExchange> exchanges = new ArrayList<>();
            for (CapturedExchange e : CapturedExchange.read(capture)) {
                String why = whyLeftOut(e);
                if (why == null) {
                    exchanges.add(e);
                } else {
                    skipped.add(e + ": " + why);
                }
            }
            return DynamicContainer.dynamicContainer(
                    capture,
                    exchanges.stream()
                            .map(e -> DynamicTest.dynamicTest(e.toString(), () -> replay(e, toSkiff, toKafka))));
        });
    }

    /** Every request a client sent is replayed, fetch sessions' continuations included. */
    @Test
    void nothingIsLeftOut() {
        for (String capture : CAPTURES) {
            for (CapturedExchange e : CapturedExchange.read(capture)) {
                String why = whyLeftOut(e);
                assertTrue(why == null, e + " left out: " + why);
            }
        }
    }

    private static void replay(CapturedExchange e, IdTranslation toSkiff, IdTranslation toKafka) throws IOException {
        ApiMessage skiffRequest = e.requestBody();
        ApiMessage kafkaRequest = e.requestBody();
        toSkiff.forward(skiffRequest);
        toKafka.forward(kafkaRequest);
        DifferentialBrokers.Outcomes outcomes =
                brokers.send(e.api(), e.version(), e.header().clientId(), skiffRequest, kafkaRequest);
        ApiMessage captured = e.responseBody();
        if (captured != null) {
            toSkiff.learn(MessageTree.of(captured), MessageTree.of(outcomes.skiffAnswer()));
            toKafka.learn(MessageTree.of(captured), MessageTree.of(outcomes.kafkaAnswer()));
        }
        toSkiff.restore(outcomes.skiffAnswer());
        toKafka.restore(outcomes.kafkaAnswer());
        replayed++;
        DifferentialBrokers.Comparison result = brokers.compare(e.api(), e.source(), outcomes);
        KafkaSettling.awaitSettled(brokers, kafkaRequest, outcomes.kafkaAnswer());
        if (!result.unexplained().isEmpty()) {
            fail(e + ": "
                    + result.unexplained().stream()
                            .map(Object::toString)
                            .collect(Collectors.joining("\n  ", "\n  ", ""))
                    + "\nRequest to Kafka: " + MessageTree.of(kafkaRequest)
                    + "\nSkiff: " + result.skiff() + "\nKafka: " + result.kafka());
        }
    }

    /** Why a captured request cannot mean the same to both brokers, or null. */
    private static String whyLeftOut(CapturedExchange e) {
        short[] range = brokers.skiffRanges().get(e.api());
        if (range == null) {
            return "Skiff does not implement " + e.api().name;
        }
        if (e.version() < range[0] || e.version() > range[1]) {
            return "Skiff advertises " + e.api().name + " v" + range[0] + "-" + range[1] + " only";
        }
        return null;
    }
}
