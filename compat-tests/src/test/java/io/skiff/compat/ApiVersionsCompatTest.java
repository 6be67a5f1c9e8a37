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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Lifecycle;
import io.skiff.testkit.Skiff;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.NodeApiVersions;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;
import org.junit.jupiter.api.Test;

/**
 * ApiVersions as the official Java client (kafka-clients 4.1) encodes and decodes it: its own request bytes at
 * its highest version and at a version from the future (KIP-511), parsed with its own response classes.
 */
@Skiff(lifecycle = Lifecycle.PER_METHOD)
class ApiVersionsCompatTest {
    private SkiffServer skiff;

    /** Sends the request bytes kafka-clients produced (with the version field overwritten), returns the answer. */
    private ByteBuffer exchange(ApiKeys api, short encodeVersion, short headerVersionField, int correlationId)
            throws IOException {
        ApiVersionsRequest request = new ApiVersionsRequest.Builder().build(encodeVersion);
        ByteBuffer bytes =
                request.serializeWithHeader(new RequestHeader(api, encodeVersion, "compat-test", correlationId));
        bytes.putShort(2, headerVersionField);
        try (RawKafkaConnection connection = new RawKafkaConnection("127.0.0.1", skiff.port())) {
            return connection.exchange(bytes);
        }
    }

    @Test
    void clientsHighestVersionIsAnsweredAndUsable() throws IOException {
        short version = ApiKeys.API_VERSIONS.latestVersion();
        ByteBuffer buf = exchange(ApiKeys.API_VERSIONS, version, version, 11);
        assertEquals(
                11,
                ResponseHeader.parse(buf, ApiKeys.API_VERSIONS.responseHeaderVersion(version))
                        .correlationId());
        ApiVersionsResponse response = ApiVersionsResponse.parse(new ByteBufferAccessor(buf), version);
        assertEquals(Errors.NONE, Errors.forCode(response.data().errorCode()));
        assertEquals(0, response.throttleTimeMs());
        NodeApiVersions versions = new NodeApiVersions(
                response.data().apiKeys(),
                response.data().supportedFeatures(),
                response.data().finalizedFeatures(),
                response.data().finalizedFeaturesEpoch());
        assertEquals(version, versions.latestUsableVersion(ApiKeys.API_VERSIONS));
        // As Kafka 4.4.0 formats a single node: group.version 1 (the consumer group protocol), share.version 2 and
        // streams.version 1 (share and streams groups), transaction.version 2 (transaction protocol version 2, which
        // Kafka 4.x clients then use), metadata.version 33 (4.4-IV2) and eligible.leader.replicas.version 1 are
        // finalized (kraft.version is supported, at level 0), at an epoch >= 0 so that clients take them into account.
        assertEquals(
                Map.of(
                        "metadata.version",
                        (short) 33,
                        "eligible.leader.replicas.version",
                        (short) 1,
                        "group.version",
                        (short) 1,
                        "share.version",
                        (short) 2,
                        "streams.version",
                        (short) 1,
                        "transaction.version",
                        (short) 2),
                versions.finalizedFeatures());
        assertEquals(2, versions.supportedFeatures().get("share.version").max());
        assertEquals(7, versions.supportedFeatures().get("metadata.version").min());
        assertEquals(33, versions.supportedFeatures().get("metadata.version").max());
        assertEquals(1, versions.supportedFeatures().get("kraft.version").max());
        assertEquals(0L, versions.finalizedFeaturesEpoch());
        assertEquals(0, versions.supportedFeatures().get("group.version").min());
        assertEquals(1, versions.supportedFeatures().get("group.version").max());
        assertEquals(0, versions.supportedFeatures().get("transaction.version").min());
        assertEquals(2, versions.supportedFeatures().get("transaction.version").max());
        // ... and the APIs of transaction protocol version 2 come with it.
        assertEquals(5, versions.latestUsableVersion(ApiKeys.END_TXN));
        assertEquals(6, versions.latestUsableVersion(ApiKeys.TXN_OFFSET_COMMIT));
        assertTrue(versions.latestUsableVersion(ApiKeys.PRODUCE) >= 12);
    }

    @Test
    void belowVersion4NoSupportedFeatureStartsAtZeroForOldClients() throws IOException {
        short version = 3;
        ByteBuffer buf = exchange(ApiKeys.API_VERSIONS, version, version, 12);
        ResponseHeader.parse(buf, ApiKeys.API_VERSIONS.responseHeaderVersion(version));
        ApiVersionsResponse response = ApiVersionsResponse.parse(new ByteBufferAccessor(buf), version);
        // Kafka 4.4 leaves out every range from 0 here (group.version 0-1, transaction.version 0-2, ...): clients up
        // to 3.8 cannot parse one. metadata.version (7-33) stays, and the finalized levels are all listed.
        Set<String> supported = new HashSet<>();
        response.data().supportedFeatures().forEach(f -> supported.add(f.name()));
        assertEquals(Set.of("metadata.version"), supported);
        Set<String> finalized = new HashSet<>();
        response.data().finalizedFeatures().forEach(f -> finalized.add(f.name()));
        assertEquals(
                Set.of(
                        "metadata.version",
                        "eligible.leader.replicas.version",
                        "group.version",
                        "share.version",
                        "streams.version",
                        "transaction.version"),
                finalized);
    }

    @Test
    void adminClientConnectsAndSeesThisBroker() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, skiff.bootstrapServers()))) {
            DescribeClusterResult cluster = admin.describeCluster();
            assertEquals(skiff.clusterId(), cluster.clusterId().get(30, TimeUnit.SECONDS));
            Collection<Node> nodes = cluster.nodes().get(30, TimeUnit.SECONDS);
            assertEquals(1, nodes.size());
            Node node = nodes.iterator().next();
            assertEquals(skiff.nodeId(), node.id());
            assertEquals(skiff.port(), node.port());
            assertEquals(node, cluster.controller().get(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void unknownVersionGetsUnsupportedVersionWithOurRangesInV0() throws IOException {
        short future = (short) (ApiKeys.API_VERSIONS.latestVersion() + 1);
        ByteBuffer buf = exchange(ApiKeys.API_VERSIONS, ApiKeys.API_VERSIONS.latestVersion(), future, 12);
        assertEquals(12, ResponseHeader.parse(buf, (short) 0).correlationId());
        ApiVersionsResponse response = ApiVersionsResponse.parse(new ByteBufferAccessor(buf), (short) 0);
        assertEquals(Errors.UNSUPPORTED_VERSION, Errors.forCode(response.data().errorCode()));
        ApiVersionsResponseData.ApiVersion apiVersions =
                response.data().apiKeys().find(ApiKeys.API_VERSIONS.id);
        assertNotNull(apiVersions, "the answer lists ApiVersions itself");
        assertEquals(0, apiVersions.minVersion());
        assertEquals(ApiKeys.API_VERSIONS.latestVersion(), apiVersions.maxVersion());
    }
}
