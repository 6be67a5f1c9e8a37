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
package io.skiff.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.broker.handler.RequestContext;
import io.skiff.broker.handler.StreamsGroupTopologyDescriptionUpdateHandler;
import io.skiff.protocol.Errors;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.StreamsGroupTopologyDescriptionUpdateRequest;
import io.skiff.protocol.message.StreamsGroupTopologyDescriptionUpdateResponse;
import java.net.InetSocketAddress;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RaftVoterEndpoint;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.ControllerIdNotRegisteredException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.junit.jupiter.api.Test;

/**
 * The controller APIs a single combined Kafka 4.4 node answers on its broker listener without changing anything
 * (UnregisterController, AddRaftVoter and RemoveRaftVoter on a static quorum), and StreamsGroupTopologyDescriptionUpdate without a
 * topology description plugin.
 */
class ControllerRequestsTest {
    private static Throwable failure(ThrowingCall call) {
        return assertThrows(ExecutionException.class, call::run).getCause();
    }

    private interface ThrowingCall {
        void run() throws Exception;
    }

    @Test
    void unregisterControllerAndVoterChangesAreRefusedAsOnASingleKafkaNode() {
        try (SkiffServer server = SkiffServer.builder().config("node.id", "1").start();
                Admin admin = Admin.create(props(server))) {
            Throwable unknown =
                    failure(() -> admin.unregisterController(99).all().get());
            assertInstanceOf(ControllerIdNotRegisteredException.class, unknown);
            assertEquals("Controller ID 99 is not currently registered.", unknown.getMessage());

            Throwable itself = failure(() -> admin.unregisterController(1).all().get());
            assertInstanceOf(InvalidRequestException.class, itself);
            assertEquals("Controller cannot unregister itself while it is active.", itself.getMessage());

            Throwable noEndpoint = failure(() -> admin.addRaftVoter(
                            2, Uuid.randomUuid(), Set.of(new RaftVoterEndpoint("CONTROLLER", "localhost", 9093)))
                    .all()
                    .get());
            assertInstanceOf(InvalidRequestException.class, noEndpoint);
            assertEquals(
                    "Add voter request didn't include the endpoint (Endpoints(endpoints={ListenerName(CONTROLLER)="
                            + "localhost/<unresolved>:9093})) for the default listener ListenerName(PLAINTEXT)",
                    noEndpoint.getMessage());
            Throwable add = failure(() -> admin.addRaftVoter(
                            2, Uuid.randomUuid(), Set.of(new RaftVoterEndpoint("PLAINTEXT", "localhost", 9093)))
                    .all()
                    .get());
            assertInstanceOf(UnsupportedVersionException.class, add);
            assertEquals(
                    "Cluster doesn't support adding voter because the kraft.version feature is 0", add.getMessage());

            Throwable remove = failure(
                    () -> admin.removeRaftVoter(1, Uuid.randomUuid()).all().get());
            assertInstanceOf(UnsupportedVersionException.class, remove);
            assertEquals(
                    "Cluster doesn't support removing voter because the kraft.version feature is 0",
                    remove.getMessage());
        }
    }

    @Test
    void aTopologyDescriptionIsRefusedForWantOfAPlugin() {
        RequestContext ctx = new RequestContext(
                new RequestHeader(ApiKeys.STREAMS_GROUP_TOPOLOGY_DESCRIPTION_UPDATE, (short) 0, 7, "test-client"),
                "conn-1",
                "PLAINTEXT",
                new InetSocketAddress("127.0.0.1", 50000));
        StreamsGroupTopologyDescriptionUpdateRequest request = new StreamsGroupTopologyDescriptionUpdateRequest()
                .setGroupId("g")
                .setMemberId("m");
        StreamsGroupTopologyDescriptionUpdateResponse on = new StreamsGroupTopologyDescriptionUpdateHandler(() -> true)
                .handle(ctx, request)
                .join();
        assertEquals(Errors.UNSUPPORTED_VERSION.code(), on.errorCode());
        assertEquals("The broker has no streams group topology description plugin configured.", on.errorMessage());
        StreamsGroupTopologyDescriptionUpdateResponse off = new StreamsGroupTopologyDescriptionUpdateHandler(
                        () -> false)
                .handle(ctx, request)
                .join();
        assertEquals(Errors.UNSUPPORTED_VERSION.message(), off.errorMessage());
    }

    private static Properties props(SkiffServer server) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        return props;
    }
}
