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
package io.skiff.broker.handler;

import static io.skiff.broker.handler.AdminFixture.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.config.Endpoint;
import io.skiff.protocol.Errors;
import io.skiff.protocol.Uuids;
import io.skiff.protocol.message.DescribeQuorumRequest;
import io.skiff.protocol.message.DescribeQuorumResponse;
import io.skiff.protocol.message.DescribeQuorumResponse.PartitionData;
import io.skiff.protocol.message.DescribeQuorumResponse.ReplicaState;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DescribeQuorumHandlerTest {
    private static final long NOW = 1_700_000_000_000L;

    private final DescribeQuorumHandler handler = new DescribeQuorumHandler(
            1,
            Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC),
            listener -> new Endpoint(listener, "broker.example", 19092));

    private static DescribeQuorumRequest request(String topic, int... partitions) {
        DescribeQuorumRequest.TopicData t = new DescribeQuorumRequest.TopicData().setTopicName(topic);
        for (int p : partitions) {
            t.partitions().add(new DescribeQuorumRequest.PartitionData().setPartitionIndex(p));
        }
        return new DescribeQuorumRequest().setTopics(new ArrayList<>(List.of(t)));
    }

    @Test
    void thisNodeIsTheOnlyVoterAndTheLeader() {
        DescribeQuorumResponse response = call(handler, 2, request("__cluster_metadata", 0));
        assertEquals(0, response.errorCode());
        assertEquals("__cluster_metadata", response.topics().get(0).topicName());
        PartitionData p = response.topics().get(0).partitions().get(0);
        assertEquals(0, p.errorCode());
        assertEquals(1, p.leaderId());
        assertEquals(1, p.leaderEpoch());
        assertEquals(0L, p.highWatermark());
        assertEquals(1, p.currentVoters().size());
        ReplicaState voter = p.currentVoters().get(0);
        assertEquals(1, voter.replicaId());
        assertEquals(Uuids.ZERO, voter.replicaDirectoryId());
        assertEquals(NOW, voter.lastFetchTimestamp());
        assertEquals(NOW, voter.lastCaughtUpTimestamp());
        assertTrue(p.observers().isEmpty());
        assertEquals(1, response.nodes().size());
        assertEquals(1, response.nodes().get(0).nodeId());
        assertEquals("PLAINTEXT", response.nodes().get(0).listeners().get(0).name());
        assertEquals(
                "broker.example", response.nodes().get(0).listeners().get(0).host());
        assertEquals(19092, response.nodes().get(0).listeners().get(0).port());
    }

    @Test
    void versionZeroHasNoNodes() {
        DescribeQuorumResponse response = call(handler, 0, request("__cluster_metadata", 0));
        assertEquals(1, response.topics().get(0).partitions().get(0).leaderId());
        assertTrue(response.nodes().isEmpty());
    }

    /** Kafka's check: exactly __cluster_metadata-0, else UNKNOWN_TOPIC_OR_PARTITION on every partition asked. */
    @Test
    void anyOtherPartitionIsUnknown() {
        for (DescribeQuorumRequest r :
                List.of(request("orders", 0), request("__cluster_metadata", 1), request("__cluster_metadata", 0, 1))) {
            DescribeQuorumResponse response = call(handler, 2, r);
            assertEquals(0, response.errorCode());
            assertEquals("", response.errorMessage(), "Kafka's default");
            List<PartitionData> partitions = response.topics().get(0).partitions();
            assertEquals(r.topics().get(0).partitions().size(), partitions.size());
            for (PartitionData p : partitions) {
                assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), p.errorCode());
                assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.message(), p.errorMessage());
            }
        }
    }
}
