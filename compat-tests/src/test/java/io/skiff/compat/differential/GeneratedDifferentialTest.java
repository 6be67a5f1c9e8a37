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

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated requests ({@link GeneratedRequests}) of fourteen APIs, each sent to Skiff and to a real Kafka 4.1 at a
 * version both advertise, in the same order from the same starting state (one topic with a batch of records), and the
 * answers compared field by field. The seed is fixed, so a normal run is the same few hundred requests every time;
 * {@code -Djqwik.tries.default=N} runs more (see README), and {@code -Dskiff.generated.keepGoing=true} reports every
 * difference at the end instead of stopping at the first.
 */
class GeneratedDifferentialTest {
    private static final boolean KEEP_GOING = Boolean.getBoolean("skiff.generated.keepGoing");

    private static DifferentialBrokers brokers;
    private static final Map<String, Integer> triesPerApi = new TreeMap<>();
    private static final List<String> differences = new ArrayList<>();

    @BeforeContainer
    static void start() throws IOException {
        brokers = new DifferentialBrokers(name -> name.startsWith(GeneratedRequests.PREFIX));
        brokers.createTopicOnBoth(GeneratedRequests.TOPIC, GeneratedRequests.PARTITIONS);
        brokers.produceInitialBatchToBoth(GeneratedRequests.TOPIC, 0);
        ReadyCoordinators.awaitReady(brokers, "gen-g1", "gen-txn-1");
    }

    @AfterContainer
    static void stop() throws IOException {
        System.out.println("Generated corpus: "
                + triesPerApi.values().stream().mapToInt(i -> i).sum() + " requests, per API " + triesPerApi);
        if (!differences.isEmpty()) {
            System.out.println("Differences:\n" + String.join("\n", differences));
        }
        if (brokers != null) {
            // The corpus commits offsets for the empty group id too, which Kafka accepts.
            KafkaSettling.leaveKafkaAsFound(
                    brokers, name -> name.isEmpty() || name.startsWith(GeneratedRequests.PREFIX));
            brokers.close();
        }
    }

    @Provide
    Arbitrary<DifferentialCase> requests() {
        return GeneratedRequests.any();
    }

    @Property(seed = "20261201", shrinking = ShrinkingMode.OFF, generation = GenerationMode.RANDOMIZED)
    void bothBrokersAnswerAlike(@ForAll("requests") DifferentialCase c, @ForAll short versionPick) throws IOException {
        Short version = version(c, versionPick);
        if (version == null) {
            return; // no version both brokers advertise can express this request
        }
        triesPerApi.merge(c.api().name, 1, Integer::sum);
        DifferentialBrokers.Comparison result = brokers.compare(c, version);
        KafkaSettling.awaitSettled(brokers, c.request().apply(version, brokers::kafkaTopicId), result.kafkaAnswer());
        if (!result.unexplained().isEmpty()) {
            String difference = c.api().name + " v" + version + " \"" + c.name() + "\": "
                    + result.unexplained().stream()
                            .map(Object::toString)
                            .collect(Collectors.joining("\n  ", "\n  ", ""))
                    + "\nSkiff: " + result.skiff() + "\nKafka: " + result.kafka();
            differences.add(difference);
            if (!KEEP_GOING) {
                throw new AssertionError(difference);
            }
        }
    }

    /** A version in both brokers' ranges, from {@code pick}, at which the request can be written; null if none. */
    private static Short version(DifferentialCase c, short pick) {
        short[] skiff = brokers.skiffRanges().get(c.api());
        short[] kafka = brokers.kafkaRange(c.api());
        int lo = Math.max(Math.max(skiff[0], kafka[0]), c.minVersion());
        int hi = Math.min(Math.min(skiff[1], kafka[1]), c.maxVersion());
        for (int i = 0; i <= hi - lo; i++) {
            short v = (short) (lo + Math.floorMod(pick + i, hi - lo + 1));
            if (DifferentialBrokers.encodable(c, v)) {
                return v;
            }
        }
        return null;
    }
}
