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

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.message.ConsumerGroupDescribeRequestData;
import org.apache.kafka.common.message.ConsumerGroupHeartbeatRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.apache.kafka.common.requests.ConsumerGroupDescribeRequest;
import org.apache.kafka.common.requests.ConsumerGroupHeartbeatRequest;
import org.apache.kafka.common.requests.StreamsGroupDescribeRequest;
import org.apache.kafka.common.requests.StreamsGroupHeartbeatRequest;
import org.junit.jupiter.api.Test;

/**
 * {@code group.coordinator.rebalance.protocols=classic} (consumer and streams protocols off) on Skiff and on a Kafka
 * 4.4.0 of this test's own: Kafka 4.4 keeps advertising the consumer and streams group APIs and their features, and
 * answers their requests UNSUPPORTED_VERSION; the answers must be the same, and the connection stays open.
 */
@Skiff(properties = "group.coordinator.rebalance.protocols=classic")
class RebalanceProtocolsCompatTest {
    private static final String PROTOCOLS = "classic";

    /** Filled by the extension. */
    static SkiffServer skiff;

    @Test
    void protocolsLeftOutAreAdvertisedButRefusedAsKafkaDoes() throws Exception {
        List<String> onKafka;
        try (RealKafka.Dedicated kafka =
                RealKafka.dedicated(Map.of("group.coordinator.rebalance.protocols", PROTOCOLS))) {
            onKafka = transcript(kafka.kafka().host(), kafka.kafka().port());
        }
        List<String> onSkiff = transcript("127.0.0.1", skiff.port());
        assertEquals(String.join("\n", onKafka), String.join("\n", onSkiff));
    }

    private static List<String> transcript(String host, int port) throws Exception {
        List<String> out = new ArrayList<>();
        try (RawKafkaConnection c = new RawKafkaConnection(host, port)) {
            out.add("ApiVersions " + apiVersions(c));
            for (short v = 0; v <= 1; v++) {
                out.add("StreamsGroupHeartbeat v" + v + " "
                        + c.send(streamsHeartbeat().build(v)).data());
                out.add("StreamsGroupDescribe v" + v + " "
                        + c.send(new StreamsGroupDescribeRequest.Builder(new StreamsGroupDescribeRequestData()
                                                .setGroupIds(List.of("protocols-streams", "protocols-other"))
                                                .setIncludeAuthorizedOperations(true))
                                        .build(v))
                                .data());
            }
            out.add("ConsumerGroupHeartbeat "
                    + c.send(new ConsumerGroupHeartbeatRequest.Builder(new ConsumerGroupHeartbeatRequestData()
                                            .setGroupId("protocols-consumer")
                                            .setMemberId(Uuid.randomUuid().toString())
                                            .setMemberEpoch(0)
                                            .setRebalanceTimeoutMs(30_000)
                                            .setSubscribedTopicNames(List.of("protocols-topic"))
                                            .setTopicPartitions(List.of()))
                                    .build((short) 1))
                            .data());
            out.add("ConsumerGroupDescribe "
                    + c.send(new ConsumerGroupDescribeRequest.Builder(new ConsumerGroupDescribeRequestData()
                                            .setGroupIds(List.of("protocols-consumer"))
                                            .setIncludeAuthorizedOperations(true))
                                    .build((short) 1))
                            .data());
            out.add("ApiVersions again " + apiVersions(c));
        }
        return out;
    }

    private static StreamsGroupHeartbeatRequest.Builder streamsHeartbeat() {
        return new StreamsGroupHeartbeatRequest.Builder(RawGroupRequests.streamsJoin(
                "protocols-streams", Uuid.randomUuid().toString(), List.of("protocols-topic")));
    }

    /** The group APIs' advertised ranges, and the group features supported and finalized. */
    private static String apiVersions(RawKafkaConnection c) throws Exception {
        ApiVersionsResponse r = c.send(new ApiVersionsRequest.Builder((short) 4).build((short) 4));
        List<String> apis = new ArrayList<>();
        for (ApiVersionsResponseData.ApiVersion v : r.data().apiKeys()) {
            if (Set.of(68, 69, 88, 89).contains((int) v.apiKey())) {
                apis.add(v.apiKey() + ":" + v.minVersion() + "-" + v.maxVersion());
            }
        }
        Set<String> features = Set.of("group.version", "streams.version");
        List<String> supported = new ArrayList<>();
        r.data().supportedFeatures().forEach(f -> {
            if (features.contains(f.name())) {
                supported.add(f.name() + "=" + f.minVersion() + "-" + f.maxVersion());
            }
        });
        List<String> finalized = new ArrayList<>();
        r.data().finalizedFeatures().forEach(f -> {
            if (features.contains(f.name())) {
                finalized.add(f.name() + "=" + f.maxVersionLevel());
            }
        });
        supported.sort(null);
        finalized.sort(null);
        return apis + " supported " + supported + " finalized " + finalized;
    }
}
