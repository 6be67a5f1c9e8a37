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
package io.skiff.broker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.handler.ApiHandler;
import io.skiff.broker.handler.ApiVersionsHandler;
import io.skiff.broker.handler.CloseConnectionException;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.broker.handler.RequestContext;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.ApiVersionsResponse;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.ProduceResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Kafka request level over real sockets, with our own message classes: ApiVersions at every version and
 * KIP-511, and which malformed or unsupported requests close a connection (only that one).
 */
class KafkaRequestHandlingTest {
    private final HandlerRegistry registry = new HandlerRegistry();
    private final List<Short> producedAcks = new CopyOnWriteArrayList<>();
    private NettyServer server;
    private int port;

    /** Stands in for the real Produce handler: advertises 0–13 like it, answers nothing for acks=0. */
    private final class RecordingProduceHandler implements ApiHandler<ProduceRequest, ProduceResponse> {
        @Override
        public ApiKeys api() {
            return ApiKeys.PRODUCE;
        }

        @Override
        public short minVersion() {
            return 0;
        }

        @Override
        public short maxVersion() {
            return ApiKeys.PRODUCE.highestVersion();
        }

        @Override
        public CompletableFuture<ProduceResponse> handle(RequestContext ctx, ProduceRequest request) {
            producedAcks.add(request.acks());
            if ("fail".equals(request.transactionalId()) || "fail-answered".equals(request.transactionalId())) {
                throw new IllegalStateException("asked to fail");
            }
            if ("refuse".equals(request.transactionalId())) {
                throw new CloseConnectionException("asked to refuse the request");
            }
            return CompletableFuture.completedFuture(request.acks() == 0 ? null : new ProduceResponse());
        }

        /** An answer for two of the failures ("fail-answered" and "refuse"); none (close) for "fail". */
        @Override
        public ProduceResponse errorResponse(RequestContext ctx, ProduceRequest request, Errors error) {
            return "fail".equals(request.transactionalId()) ? null : new ProduceResponse();
        }
    }

    @BeforeEach
    void start() throws IOException {
        registry.register(new ApiVersionsHandler(registry, "test-cluster", 1));
        registry.register(new RecordingProduceHandler());
        server = new NettyServer(
                new ServerSettings(List.of(new ListenerSpec("PLAINTEXT", "127.0.0.1", 0)), 1 << 20, 0, 2),
                new KafkaRequestProcessor(registry, Runnable::run));
        port = server.bind().get(0).port();
        server.startAccepting();
    }

    @AfterEach
    void stop() {
        server.close(Duration.ofSeconds(1));
    }

    private static ApiVersionsRequest apiVersionsRequest() {
        return new ApiVersionsRequest().setClientSoftwareName("skiff-test").setClientSoftwareVersion("1.0.0");
    }

    private static List<String> ranges(ApiVersionsResponse response) {
        List<String> ranges = new ArrayList<>();
        for (ApiVersionsResponse.ApiVersion api : response.apiKeys()) {
            ranges.add(api.apiKey() + ":" + api.minVersion() + "-" + api.maxVersion());
        }
        return ranges;
    }

    private static final List<String> REGISTERED = List.of("0:0-" + ApiKeys.PRODUCE.highestVersion(), "18:0-5");

    @Test
    void apiVersionsAtEveryVersionListsExactlyTheRegisteredHandlers() throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            for (short v = 0; v <= 4; v++) {
                client.send(ApiKeys.API_VERSIONS, v, 100 + v, apiVersionsRequest());
                ApiVersionsResponse response = client.receive(ApiKeys.API_VERSIONS, v, 100 + v);
                assertEquals(Errors.NONE.code(), response.errorCode(), "v" + v);
                assertEquals(REGISTERED, ranges(response), "v" + v);
                assertEquals(0, response.throttleTimeMs());
                assertTrue(response.supportedFeatures().isEmpty());
                assertTrue(response.finalizedFeatures().isEmpty());
                assertEquals(-1L, response.finalizedFeaturesEpoch());
            }
        }
    }

    @Test
    void apiVersionsOfAnUnknownVersionGetsUnsupportedVersionInV0(/* KIP-511 */ ) throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            // A future client's v6 request: v2 header, a body we cannot know; only the header's start matters.
            byte[] future = KafkaTestClient.requestBytes(ApiKeys.API_VERSIONS, (short) 5, 7, apiVersionsRequest());
            ByteBuffer.wrap(future).putShort(2, (short) 6);
            client.raw.writeFrame(future);
            ApiVersionsResponse response = client.receive(ApiKeys.API_VERSIONS, (short) 0, (short) 0, 7);
            assertEquals(Errors.UNSUPPORTED_VERSION.code(), response.errorCode());
            assertEquals(REGISTERED, ranges(response));
            // The connection stays usable: the client retries at our highest version.
            client.send(ApiKeys.API_VERSIONS, (short) 5, 8, apiVersionsRequest());
            assertEquals(
                    Errors.NONE.code(),
                    ((ApiVersionsResponse) client.receive(ApiKeys.API_VERSIONS, (short) 5, 8)).errorCode());
        }
    }

    @Test
    void apiVersionsV5ChecksTheClusterAndNodeTheClientMeansToReach(/* KIP-1242 */ ) throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            assertEquals(List.of(), v5Errors(client, null, -1), "neither: answered");
            assertEquals(List.of(), v5Errors(client, "test-cluster", 1), "this broker: answered");
            assertEquals(List.of("REBOOTSTRAP_REQUIRED"), v5Errors(client, "other-cluster", 1));
            assertEquals(List.of("REBOOTSTRAP_REQUIRED"), v5Errors(client, "test-cluster", 2));
            assertEquals(List.of("INVALID_REQUEST"), v5Errors(client, "test-cluster", -1));
            assertEquals(List.of("INVALID_REQUEST"), v5Errors(client, null, 1));
        }
    }

    /** The error of a v5 ApiVersions request with the given destination; empty when answered with the API list. */
    private static List<String> v5Errors(KafkaTestClient client, String clusterId, int nodeId) throws IOException {
        client.send(
                ApiKeys.API_VERSIONS,
                (short) 5,
                9,
                apiVersionsRequest().setClusterId(clusterId).setNodeId(nodeId));
        ApiVersionsResponse response = (ApiVersionsResponse) client.receive(ApiKeys.API_VERSIONS, (short) 5, 9);
        if (response.errorCode() == Errors.NONE.code()) {
            assertEquals(REGISTERED, ranges(response));
            return List.of();
        }
        assertTrue(response.apiKeys().isEmpty(), "no API list with an error");
        return List.of(Errors.forCode(response.errorCode()).name());
    }

    @Test
    void invalidClientSoftwareNameIsAnInvalidRequest() throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            client.send(
                    ApiKeys.API_VERSIONS,
                    (short) 3,
                    1,
                    new ApiVersionsRequest().setClientSoftwareName("bad name!").setClientSoftwareVersion("1.0"));
            ApiVersionsResponse response = client.receive(ApiKeys.API_VERSIONS, (short) 3, 1);
            assertEquals(Errors.INVALID_REQUEST.code(), response.errorCode());
            assertTrue(response.apiKeys().isEmpty());
        }
    }

    @Test
    void unknownApiKeyClosesOnlyThatConnection() throws IOException {
        try (KafkaTestClient good = new KafkaTestClient(port);
                KafkaTestClient bad = new KafkaTestClient(port)) {
            byte[] request = KafkaTestClient.requestBytes(ApiKeys.API_VERSIONS, (short) 1, 1, apiVersionsRequest());
            ByteBuffer.wrap(request).putShort(0, (short) 9999);
            bad.raw.writeFrame(request);
            assertTrue(bad.raw.awaitClosedByServer());
            assertServes(good);
        }
    }

    @Test
    void knownButUnregisteredApiClosesTheConnection() throws IOException {
        try (KafkaTestClient bad = new KafkaTestClient(port)) {
            byte[] request = KafkaTestClient.requestBytes(ApiKeys.API_VERSIONS, (short) 1, 1, apiVersionsRequest());
            ByteBuffer.wrap(request).putShort(0, ApiKeys.FETCH.id);
            bad.raw.writeFrame(request);
            assertTrue(bad.raw.awaitClosedByServer());
        }
    }

    @Test
    void versionAboveTheAdvertisedRangeClosesTheConnection() throws IOException {
        try (KafkaTestClient bad = new KafkaTestClient(port)) {
            byte[] request = KafkaTestClient.requestBytes(ApiKeys.PRODUCE, (short) 9, 1, produce((short) 1, null));
            ByteBuffer.wrap(request).putShort(2, (short) (ApiKeys.PRODUCE.highestVersion() + 1));
            bad.raw.writeFrame(request);
            assertTrue(bad.raw.awaitClosedByServer());
        }
        assertTrue(producedAcks.isEmpty());
    }

    @Test
    void produceV0ToV2IsAdvertisedButClosesTheConnection() throws IOException {
        try (KafkaTestClient bad = new KafkaTestClient(port)) {
            byte[] request = KafkaTestClient.requestBytes(ApiKeys.PRODUCE, (short) 3, 1, produce((short) 1, null));
            ByteBuffer.wrap(request).putShort(2, (short) 2);
            bad.raw.writeFrame(request);
            assertTrue(bad.raw.awaitClosedByServer());
        }
        assertTrue(producedAcks.isEmpty());
    }

    @Test
    void garbageBodyClosesOnlyThatConnection() throws IOException {
        try (KafkaTestClient good = new KafkaTestClient(port);
                KafkaTestClient bad = new KafkaTestClient(port)) {
            byte[] request = KafkaTestClient.requestBytes(ApiKeys.PRODUCE, (short) 9, 1, produce((short) 1, null));
            byte[] garbage = java.util.Arrays.copyOf(request, 40);
            java.util.Arrays.fill(garbage, 20, 40, (byte) 0x7f);
            bad.raw.writeFrame(garbage);
            assertTrue(bad.raw.awaitClosedByServer());
            assertServes(good);
        }
    }

    @Test
    void tooShortForAHeaderClosesTheConnection() throws IOException {
        try (KafkaTestClient bad = new KafkaTestClient(port)) {
            bad.raw.writeFrame(new byte[] {0, 18, 0});
            assertTrue(bad.raw.awaitClosedByServer());
        }
    }

    @Test
    void acksZeroProduceGetsNoResponseAndTheNextRequestIsAnswered() throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            ByteArrayOutputStream both = new ByteArrayOutputStream();
            both.writeBytes(RawClient.frame(
                    KafkaTestClient.requestBytes(ApiKeys.PRODUCE, (short) 9, 1, produce((short) 0, null))));
            both.writeBytes(RawClient.frame(
                    KafkaTestClient.requestBytes(ApiKeys.PRODUCE, (short) 9, 2, produce((short) 1, null))));
            client.raw.writeRaw(both.toByteArray());
            // The first response on the wire is the acks=1 request's (correlation id 2).
            client.receive(ApiKeys.PRODUCE, (short) 9, 2);
        }
        assertEquals(List.of((short) 0, (short) 1), producedAcks);
    }

    @Test
    void handlerFailureWithoutAnErrorResponseClosesTheConnection() throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            client.send(ApiKeys.PRODUCE, (short) 9, 1, produce((short) 1, "fail"));
            assertTrue(client.raw.awaitClosedByServer());
        }
    }

    @Test
    void handlerFailureWithAnErrorResponseIsAnsweredAndTheConnectionServesOn() throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            client.send(ApiKeys.PRODUCE, (short) 9, 7, produce((short) 1, "fail-answered"));
            client.receive(ApiKeys.PRODUCE, (short) 9, 7);
            assertServes(client);
        }
    }

    @Test
    void aHandlerThatRefusesTheRequestClosesTheConnectionWithoutAnAnswer() throws IOException {
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            client.send(ApiKeys.PRODUCE, (short) 9, 8, produce((short) 1, "refuse"));
            assertTrue(client.raw.awaitClosedByServer(), "closed although the handler has an error response");
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws IOException {
        int count = 100;
        ByteArrayOutputStream burst = new ByteArrayOutputStream();
        for (int i = 0; i < count; i++) {
            boolean produce = i % 2 == 0;
            byte[] body = produce
                    ? KafkaTestClient.requestBytes(ApiKeys.PRODUCE, (short) 9, i, produce((short) -1, null))
                    : KafkaTestClient.requestBytes(ApiKeys.API_VERSIONS, (short) 3, i, apiVersionsRequest());
            burst.writeBytes(RawClient.frame(body));
        }
        try (KafkaTestClient client = new KafkaTestClient(port)) {
            client.raw.writeRaw(burst.toByteArray());
            for (int i = 0; i < count; i++) {
                if (i % 2 == 0) {
                    client.receive(ApiKeys.PRODUCE, (short) 9, i);
                } else {
                    client.receive(ApiKeys.API_VERSIONS, (short) 3, i);
                }
            }
        }
    }

    private static ProduceRequest produce(short acks, String transactionalId) {
        return new ProduceRequest().setAcks(acks).setTimeoutMs(1000).setTransactionalId(transactionalId);
    }

    private static void assertServes(KafkaTestClient client) throws IOException {
        client.send(ApiKeys.API_VERSIONS, (short) 3, 42, apiVersionsRequest());
        ApiVersionsResponse response = client.receive(ApiKeys.API_VERSIONS, (short) 3, 42);
        assertEquals(Errors.NONE.code(), response.errorCode());
    }
}
