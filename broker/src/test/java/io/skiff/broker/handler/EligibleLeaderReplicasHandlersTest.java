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

import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.topic.EligibleLeaderReplicasConfigs;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterConfigsRequest;
import io.skiff.protocol.message.AlterConfigsResponse.AlterConfigsResourceResponse;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterConfigsResource;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterableConfig;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What eligible leader replicas forbid of min.insync.replicas through both alter APIs, as Kafka 4.4's controller
 * (every key a request names is a change for a BROKER resource; a full replacement removes the keys it leaves out).
 */
class EligibleLeaderReplicasHandlersTest {
    private static final byte BROKER = 4;
    private static final byte SET = 0;
    private static final byte DELETE = 1;
    private static final String CLUSTER_REFUSAL =
            "Cluster-level min.insync.replicas cannot be removed while ELR is enabled.";
    private static final String BROKER_REFUSAL =
            "Broker-level min.insync.replicas cannot be altered while ELR is enabled.";

    @TempDir
    Path dir;

    AdminFixture fx;
    final AtomicBoolean on = new AtomicBoolean(true);
    EligibleLeaderReplicasConfigs elr;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        elr = new EligibleLeaderReplicasConfigs(fx.topics.dynamicConfigs(), on::get);
        elr.comeOn();
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private ConfigResources resources() {
        return new ConfigResources(fx.topics, GroupConfigStore.inMemory(fx.config), null, AdminFixture.NODE_ID, elr);
    }

    private String[] incremental(String name, boolean validateOnly, byte op, String key, String value) {
        IncrementalAlterConfigsRequest request = new IncrementalAlterConfigsRequest().setValidateOnly(validateOnly);
        AlterConfigsResource resource =
                new AlterConfigsResource().setResourceType(BROKER).setResourceName(name);
        resource.configs()
                .add(new AlterableConfig().setName(key).setConfigOperation(op).setValue(value));
        request.resources().add(resource);
        var response = call(new IncrementalAlterConfigsHandler(resources()), 1, request)
                .responses()
                .get(0);
        return new String[] {Errors.forCode(response.errorCode()).name(), response.errorMessage()};
    }

    private String[] legacy(String name, Map<String, String> configs) {
        AlterConfigsRequest request = new AlterConfigsRequest();
        AlterConfigsRequest.AlterConfigsResource resource = new AlterConfigsRequest.AlterConfigsResource()
                .setResourceType(BROKER)
                .setResourceName(name);
        configs.forEach((k, v) -> resource.configs()
                .add(new AlterConfigsRequest.AlterableConfig().setName(k).setValue(v)));
        request.resources().add(resource);
        AlterConfigsResourceResponse response = call(new AlterConfigsHandler(resources()), 2, request)
                .responses()
                .get(0);
        return new String[] {Errors.forCode(response.errorCode()).name(), response.errorMessage()};
    }

    private static void assertResult(String error, String message, String[] actual) {
        assertEquals(error + ": " + message, actual[0] + ": " + actual[1]);
    }

    @Test
    void comingOnStoresTheStaticValueAsTheClusterDefault() {
        assertEquals(
                Map.of("min.insync.replicas", "1"), fx.topics.dynamicConfigs().configs(false));
    }

    @Test
    void incrementalDeletesOfTheClusterDefaultAndAnyBrokerLevelChangeAreRefusedEvenValidateOnly() {
        assertResult("INVALID_CONFIG", CLUSTER_REFUSAL, incremental("", true, DELETE, "min.insync.replicas", null));
        assertResult("INVALID_CONFIG", BROKER_REFUSAL, incremental("1", false, SET, "min.insync.replicas", "1"));
        // Kafka writes a record for every key a BROKER request names: deleting an absent key is a change too
        assertResult("INVALID_CONFIG", BROKER_REFUSAL, incremental("1", false, DELETE, "min.insync.replicas", null));
        assertResult("NONE", null, incremental("", false, SET, "min.insync.replicas", "2"));
        assertEquals(
                Map.of("min.insync.replicas", "2"), fx.topics.dynamicConfigs().configs(false));
    }

    @Test
    void aFullReplacementMustKeepTheClusterDefaultAndLeaveTheBrokersAlone() {
        assertResult("INVALID_CONFIG", CLUSTER_REFUSAL, legacy("", Map.of("log.retention.ms", "100000")));
        assertResult("NONE", null, legacy("", Map.of("log.retention.ms", "100000", "min.insync.replicas", "1")));
        assertResult("INVALID_CONFIG", BROKER_REFUSAL, legacy("1", Map.of("min.insync.replicas", "1")));
        assertResult("NONE", null, legacy("1", Map.of("log.retention.ms", "5000")));
    }

    @Test
    void offNothingIsRefusedAndComingOnAgainRestoresTheDefaultAndDropsTheBrokers() {
        on.set(false);
        assertResult("NONE", null, incremental("", false, DELETE, "min.insync.replicas", null));
        assertResult("NONE", null, incremental("1", false, SET, "min.insync.replicas", "2"));
        assertEquals(Map.of(), fx.topics.dynamicConfigs().configs(false));
        elr.comeOn();
        on.set(true);
        assertEquals(
                Map.of("min.insync.replicas", "1"), fx.topics.dynamicConfigs().configs(false));
        assertEquals(Map.of(), fx.topics.dynamicConfigs().configs(true));
    }
}
