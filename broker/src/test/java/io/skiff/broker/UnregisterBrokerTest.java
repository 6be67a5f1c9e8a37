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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.handler.InjectedErrors;
import io.skiff.broker.handler.RequestAuthorizer;
import io.skiff.broker.handler.RequestContext;
import io.skiff.broker.handler.UnregisterBrokerHandler;
import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.broker.security.acl.AclStore;
import io.skiff.broker.security.acl.StandardAuthorizer;
import io.skiff.protocol.Errors;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.UnregisterBrokerRequest;
import io.skiff.protocol.message.UnregisterBrokerResponse;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.BrokerIdNotRegisteredException;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UnregisterBroker through the Admin client: as a single Kafka 4.4 node answers it, and on simulated nodes, where a
 * stopped node unregistered is forgotten (no longer a fenced broker, no longer counted for placement) until it starts.
 */
class UnregisterBrokerTest {
    @TempDir
    Path dir;

    private static Admin admin(SkiffServer server) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, server.bootstrapServers());
        return Admin.create(props);
    }

    private static List<String> brokers(Admin admin, boolean withFenced) throws Exception {
        return admin
                .describeCluster(new DescribeClusterOptions().includeFencedBrokers(withFenced))
                .nodes()
                .get()
                .stream()
                .sorted((a, b) -> Integer.compare(a.id(), b.id()))
                .map(n -> n.id() + (n.isFenced() ? " fenced" : ""))
                .collect(Collectors.toList());
    }

    private static Throwable unregisterFailure(Admin admin, int id) {
        return assertThrows(
                        ExecutionException.class,
                        () -> admin.unregisterBroker(id).all().get())
                .getCause();
    }

    @Test
    void aSingleNodeUnregistersItsOwnIdAndRefusesAnUnknownOne() throws Exception {
        try (SkiffServer server = SkiffServer.builder().config("node.id", "1").start();
                Admin admin = admin(server)) {
            admin.unregisterBroker(1).all().get();
            assertEquals(List.of("1"), brokers(admin, true), "a running node stays registered");
            Throwable unknown = unregisterFailure(admin, 99);
            assertInstanceOf(BrokerIdNotRegisteredException.class, unknown);
            assertEquals("Broker ID 99 is not currently registered", unknown.getMessage());
        }
    }

    @Test
    void aStoppedSimulatedNodeUnregisteredIsForgottenUntilItStarts() throws Exception {
        try (SkiffServer server = SkiffServer.builder().nodes(3).start();
                Admin admin = admin(server)) {
            List<Integer> ids = server.nodes().ids();
            int first = ids.get(0);
            int last = ids.get(2);
            server.nodes().stop(last);
            assertEquals(List.of(first + "", ids.get(1) + ""), brokers(admin, false));
            assertEquals(List.of(first + "", ids.get(1) + "", last + " fenced"), brokers(admin, true));

            admin.unregisterBroker(last).all().get();
            assertEquals(List.of(first + "", ids.get(1) + ""), brokers(admin, true));
            assertInstanceOf(BrokerIdNotRegisteredException.class, unregisterFailure(admin, last));
            Throwable rf3 = assertThrows(
                            ExecutionException.class,
                            () -> admin.createTopics(List.of(new NewTopic("rf3", 1, (short) 3)))
                                    .all()
                                    .get())
                    .getCause();
            assertInstanceOf(InvalidReplicationFactorException.class, rf3);
            assertTrue(rf3.getMessage().contains("only 2 broker(s) are registered"), rf3.getMessage());

            Throwable named = assertThrows(
                            ExecutionException.class,
                            () -> admin.createTopics(List.of(new NewTopic("named", Map.of(0, List.of(first, last)))))
                                    .all()
                                    .get())
                    .getCause();
            assertInstanceOf(InvalidReplicaAssignmentException.class, named);
            assertEquals(
                    "The manual partition assignment includes broker " + last + ", but no such broker is registered.",
                    named.getMessage());

            admin.unregisterBroker(first).all().get(); // running: stays registered
            server.nodes().start(last);
            assertEquals(List.of(first + "", ids.get(1) + "", last + ""), brokers(admin, true));
            admin.createTopics(List.of(new NewTopic("rf3", 1, (short) 3))).all().get();
        }
    }

    @Test
    void withoutAlterOnTheClusterItIsRefused() throws Exception {
        RequestContext denied = new RequestContext(
                new RequestHeader(ApiKeys.UNREGISTER_BROKER, (short) 0, 7, "test-client"),
                "conn-1",
                "PLAINTEXT",
                new InetSocketAddress("127.0.0.1", 50000),
                ConnectionSecurity.plaintext(),
                new RequestAuthorizer(new StandardAuthorizer(AclStore.open(dir), Set.of(), false)),
                0,
                InjectedErrors.NONE);
        UnregisterBrokerResponse r = new UnregisterBrokerHandler(1, null)
                .handle(denied, new UnregisterBrokerRequest().setBrokerId(99))
                .join();
        assertEquals(Errors.CLUSTER_AUTHORIZATION_FAILED.code(), r.errorCode());
    }
}
