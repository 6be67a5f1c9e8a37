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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.config.Endpoint;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.DescribeClusterRequest;
import io.skiff.protocol.message.DescribeClusterResponse;
import io.skiff.protocol.message.DescribeLogDirsRequest;
import io.skiff.protocol.message.DescribeLogDirsRequest.DescribableLogDirTopic;
import io.skiff.protocol.message.DescribeLogDirsResponse.DescribeLogDirsResult;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest.OffsetForLeaderPartition;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest.OffsetForLeaderTopic;
import io.skiff.protocol.message.OffsetForLeaderEpochResponse.EpochEndOffset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DescribeCluster, OffsetForLeaderEpoch and DescribeLogDirs. */
class ClusterAndLogHandlersTest {
    @TempDir
    Path dir;

    AdminFixture fx;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        fx.createTopic("orders", 2, Map.of());
        fx.createTopic("audit", 1, Map.of());
        fx.produce("orders", 0, 10);
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    // ---------------------------------------------------------------- DescribeCluster

    private final DescribeClusterHandler cluster =
            new DescribeClusterHandler("cid-123", 1, listener -> new Endpoint(listener, "broker.example", 19092));

    @Test
    void describeClusterListsThisNodeAsBrokerAndController() {
        DescribeClusterResponse r = call(cluster, 2, new DescribeClusterRequest().setIncludeFencedBrokers(true));
        assertEquals(Errors.NONE.code(), r.errorCode());
        assertEquals("cid-123", r.clusterId());
        assertEquals(1, r.controllerId());
        assertEquals(1, r.brokers().size());
        assertEquals(1, r.brokers().get(0).brokerId());
        assertEquals("broker.example", r.brokers().get(0).host());
        assertEquals(19092, r.brokers().get(0).port());
        assertNull(r.brokers().get(0).rack());
        assertFalse(r.brokers().get(0).isFenced());
        assertEquals(Integer.MIN_VALUE, r.clusterAuthorizedOperations());
        assertEquals(
                8096,
                call(cluster, 0, new DescribeClusterRequest().setIncludeClusterAuthorizedOperations(true))
                        .clusterAuthorizedOperations(),
                "every cluster operation, as Kafka without an authorizer");
    }

    @Test
    void describeClusterEndpointTypes() {
        DescribeClusterResponse controllers = call(cluster, 1, new DescribeClusterRequest().setEndpointType((byte) 2));
        assertEquals(Errors.MISMATCHED_ENDPOINT_TYPE.code(), controllers.errorCode());
        assertTrue(controllers.brokers().isEmpty());
        DescribeClusterResponse unknown = call(cluster, 1, new DescribeClusterRequest().setEndpointType((byte) 7));
        assertEquals(Errors.UNSUPPORTED_ENDPOINT_TYPE.code(), unknown.errorCode());
        assertEquals("Unsupported endpoint type 7", unknown.errorMessage());
    }

    // ---------------------------------------------------------------- OffsetForLeaderEpoch

    private EpochEndOffset epoch(String topic, int partition, int currentEpoch, int leaderEpoch) {
        OffsetForLeaderEpochRequest request = new OffsetForLeaderEpochRequest().setReplicaId(-1);
        OffsetForLeaderTopic t = new OffsetForLeaderTopic().setTopic(topic);
        t.partitions()
                .add(new OffsetForLeaderPartition()
                        .setPartition(partition)
                        .setCurrentLeaderEpoch(currentEpoch)
                        .setLeaderEpoch(leaderEpoch));
        request.topics().add(t);
        return call(
                        new OffsetForLeaderEpochHandler(NodeTopics.singleNode(fx.topics, HandlerTestSupport.NODE_ID)),
                        4,
                        request)
                .topics()
                .get(0)
                .partitions()
                .get(0);
    }

    @Test
    void epochZeroEndsAtTheLogEndOffset() {
        EpochEndOffset r = epoch("orders", 0, 0, 0);
        assertEquals(Errors.NONE.code(), r.errorCode());
        assertEquals(0, r.leaderEpoch());
        assertEquals(10, r.endOffset());
        assertEquals(0, epoch("orders", 1, -1, 0).endOffset());
    }

    @Test
    void unknownEpochsAreUndefined() {
        EpochEndOffset later = epoch("orders", 0, -1, 3);
        assertEquals(Errors.NONE.code(), later.errorCode());
        assertEquals(-1, later.leaderEpoch());
        assertEquals(-1, later.endOffset());
        EpochEndOffset undefined = epoch("orders", 0, -1, -1);
        assertEquals(-1, undefined.leaderEpoch());
        assertEquals(-1, undefined.endOffset());
    }

    @Test
    void currentLeaderEpochIsChecked() {
        assertEquals(
                Errors.UNKNOWN_LEADER_EPOCH.code(), epoch("orders", 0, 1, 0).errorCode());
        assertEquals(
                Errors.FENCED_LEADER_EPOCH.code(), epoch("orders", 0, -2, 0).errorCode());
        EpochEndOffset missing = epoch("orders", 5, -1, 0);
        assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), missing.errorCode());
        assertEquals(-1, missing.endOffset());
    }

    // ---------------------------------------------------------------- DescribeLogDirs

    private DescribeLogDirsResult logDirs(List<DescribableLogDirTopic> topics) {
        return call(
                        new DescribeLogDirsHandler(NodeTopics.singleNode(fx.topics, HandlerTestSupport.NODE_ID)),
                        4,
                        new DescribeLogDirsRequest().setTopics(topics))
                .results()
                .get(0);
    }

    @Test
    void describesTheLogDirectoryWithPartitionSizes() {
        DescribeLogDirsResult all = logDirs(null);
        assertEquals(Errors.NONE.code(), all.errorCode());
        assertEquals(dir.toAbsolutePath().toString(), all.logDir());
        assertTrue(all.totalBytes() > 0);
        assertTrue(all.usableBytes() >= 0 && all.usableBytes() <= all.totalBytes());
        assertEquals(
                List.of("audit", "orders"),
                all.topics().stream().map(t -> t.name()).toList());
        var orders = all.topics().get(1).partitions();
        assertEquals(2, orders.size());
        long expected =
                fx.topics.topic("orders").orElseThrow().partition(0).log().sizeInBytes();
        assertTrue(expected > 0);
        assertEquals(expected, orders.get(0).partitionSize());
        assertEquals(0, orders.get(0).offsetLag());
        assertEquals(0, orders.get(1).partitionSize());
    }

    @Test
    void describesOnlyRequestedPartitionsThatExist() {
        List<DescribableLogDirTopic> wanted = new ArrayList<>();
        wanted.add(new DescribableLogDirTopic().setTopic("orders").setPartitions(new ArrayList<>(List.of(1, 7))));
        wanted.add(new DescribableLogDirTopic().setTopic("missing").setPartitions(new ArrayList<>(List.of(0))));
        DescribeLogDirsResult some = logDirs(wanted);
        assertEquals(1, some.topics().size());
        assertEquals("orders", some.topics().get(0).name());
        assertEquals(
                List.of(1),
                some.topics().get(0).partitions().stream()
                        .map(p -> p.partitionIndex())
                        .toList());
        assertTrue(logDirs(new ArrayList<>()).topics().isEmpty());
    }
}
