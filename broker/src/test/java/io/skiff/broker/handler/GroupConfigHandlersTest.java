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
import static org.junit.jupiter.api.Assertions.assertNull;

import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterConfigsRequest;
import io.skiff.protocol.message.AlterConfigsResponse;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.DescribeConfigsRequest.DescribeConfigsResource;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResourceResult;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResult;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterConfigsResource;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterableConfig;
import io.skiff.protocol.message.IncrementalAlterConfigsResponse.AlterConfigsResourceResponse;
import io.skiff.protocol.message.ListConfigResourcesRequest;
import io.skiff.protocol.message.ListConfigResourcesResponse.ConfigResource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Config resources of type GROUP through the four config APIs, with Kafka 4.1.1's answers. */
class GroupConfigHandlersTest {
    private static final byte GROUP = 32;
    private static final String HB = "consumer.heartbeat.interval.ms";
    private static final String SESSION = "consumer.session.timeout.ms";

    @TempDir
    Path dir;

    AdminFixture fx;
    GroupConfigStore store;
    IncrementalAlterConfigsHandler incremental;
    AlterConfigsHandler legacy;
    DescribeConfigsHandler describe;
    ListConfigResourcesHandler list;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        store = GroupConfigStore.open(dir, fx.config);
        incremental =
                new IncrementalAlterConfigsHandler(new ConfigResources(fx.topics, store, null, AdminFixture.NODE_ID));
        legacy = new AlterConfigsHandler(new ConfigResources(fx.topics, store, null, AdminFixture.NODE_ID));
        describe = new DescribeConfigsHandler(new ConfigResources(fx.topics, store, null, AdminFixture.NODE_ID));
        list = new ListConfigResourcesHandler(new ConfigResources(fx.topics, store, null, AdminFixture.NODE_ID));
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private AlterConfigsResourceResponse alter(String group, boolean validateOnly, AlterableConfig... ops) {
        IncrementalAlterConfigsRequest request = new IncrementalAlterConfigsRequest().setValidateOnly(validateOnly);
        request.resources()
                .add(new AlterConfigsResource()
                        .setResourceType(GROUP)
                        .setResourceName(group)
                        .setConfigs(new java.util.ArrayList<>(List.of(ops))));
        return call(incremental, 1, request).responses().get(0);
    }

    private static AlterableConfig op(int op, String key, String value) {
        return new AlterableConfig().setName(key).setConfigOperation((byte) op).setValue(value);
    }

    private DescribeConfigsResult describe(String group) {
        DescribeConfigsRequest request = new DescribeConfigsRequest().setIncludeSynonyms(true);
        request.resources()
                .add(new DescribeConfigsResource()
                        .setResourceType(GROUP)
                        .setResourceName(group)
                        .setConfigurationKeys(null));
        return call(describe, 4, request).results().get(0);
    }

    private Map<String, String> described(String group) {
        Map<String, String> out = new TreeMap<>();
        for (DescribeConfigsResourceResult c : describe(group).configs()) {
            out.put(c.name(), c.value() + "/" + c.configSource());
        }
        return out;
    }

    @Test
    void aGroupWithoutSettingsDescribesEveryKeyWithItsDefault() {
        DescribeConfigsResult result = describe("no-such-group");
        assertEquals(Errors.NONE.code(), result.errorCode());
        assertEquals(21, result.configs().size(), "Kafka 4.4's group keys");
        Map<String, String> values = described("no-such-group");
        assertEquals("500/5", values.get(HB), "Skiff's broker default, source DEFAULT_CONFIG");
        assertEquals("45000/5", values.get(SESSION));
        assertEquals("latest/5", values.get("share.auto.offset.reset"));
        DescribeConfigsResourceResult hb = result.configs().stream()
                .filter(c -> c.name().equals(HB))
                .findFirst()
                .orElseThrow();
        assertEquals(1, hb.synonyms().size());
        assertEquals(
                "group.consumer.heartbeat.interval.ms", hb.synonyms().get(0).name(), "the broker key");
        assertEquals(3, hb.configType(), "INT");

        DescribeConfigsResult empty = describe("");
        assertEquals(Errors.INVALID_REQUEST.code(), empty.errorCode());
        assertEquals("Group name must not be empty", empty.errorMessage());
    }

    @Test
    void incrementalChangesSetDeleteAndRefuseAppend() {
        assertEquals(
                Errors.NONE.code(),
                alter("g", false, op(0, HB, "1000"), op(0, SESSION, "20000")).errorCode());
        assertEquals("1000/8", described("g").get(HB), "DYNAMIC_GROUP_CONFIG");
        assertEquals("20000/8", described("g").get(SESSION));

        AlterConfigsResourceResponse append = alter("g", false, op(2, HB, "2000"));
        assertEquals(Errors.INVALID_CONFIG.code(), append.errorCode());
        assertEquals("Can't APPEND to key " + HB + " because its type is not LIST.", append.errorMessage());

        assertEquals(
                Errors.NONE.code(),
                alter("g", false, op(1, HB, null), op(1, "no.such.key", null)).errorCode());
        assertEquals("500/5", described("g").get(HB));
        assertEquals(Map.of(SESSION, "20000"), store.overrides("g"));

        assertEquals(Errors.NONE.code(), alter("g", true, op(0, HB, "3000")).errorCode());
        assertEquals("500/5", described("g").get(HB), "validate only changes nothing");
    }

    @Test
    void invalidChangesGetKafkasErrorsAndChangeNothing() {
        assertError(alter("g", false, op(0, "foo", "1")), Errors.INVALID_CONFIG, "Unknown group config name: foo");
        assertError(
                alter("g", false, op(0, HB, "abc")),
                Errors.INVALID_CONFIG,
                "Invalid value abc for configuration " + HB + ": Not a number of type INT");
        assertError(
                alter("g", false, op(0, HB, "50")),
                Errors.INVALID_CONFIG,
                HB + " must be in the range 100 to 15000 inclusive.");
        assertError(
                alter("g", false, op(0, SESSION, "70000")),
                Errors.INVALID_CONFIG,
                SESSION + " must be in the range 1000 to 60000 inclusive.");
        assertError(
                alter("g", false, op(0, SESSION, "1000"), op(0, HB, "1000")),
                Errors.INVALID_CONFIG,
                SESSION + " must be greater than " + HB);
        assertError(
                alter("", false, op(0, HB, "1000")),
                Errors.INVALID_REQUEST,
                "Default group resources are not allowed.");
        assertEquals(Map.of(), store.overrides("g"));
        assertEquals(List.of(), listed());
    }

    @Test
    void legacyAlterConfigsReplacesEverySetting() {
        assertEquals(
                Errors.NONE.code(),
                alter("g", false, op(0, HB, "1000"), op(0, SESSION, "20000")).errorCode());
        AlterConfigsRequest request = new AlterConfigsRequest();
        request.resources()
                .add(new AlterConfigsRequest.AlterConfigsResource()
                        .setResourceType(GROUP)
                        .setResourceName("g")
                        .setConfigs(new java.util.ArrayList<>(List.of(new AlterConfigsRequest.AlterableConfig()
                                .setName(HB)
                                .setValue("2000")))));
        AlterConfigsResponse response = call(legacy, 2, request);
        assertEquals(Errors.NONE.code(), response.responses().get(0).errorCode());
        assertNull(response.responses().get(0).errorMessage());
        assertEquals(Map.of(HB, "2000"), store.overrides("g"));
        assertEquals("45000/5", described("g").get(SESSION));
    }

    @Test
    void groupsWithSettingsAreListedAndSurviveAReopen() {
        alter("b", false, op(0, HB, "1000"));
        alter("a", false, op(0, "share.isolation.level", "read_committed"));
        alter("a", false, op(1, "share.isolation.level", null));
        alter("never", false, op(1, HB, null));
        assertEquals(List.of("a", "b"), listed(), "a stays listed without settings, as in Kafka 4.1");
        GroupConfigStore reopened = GroupConfigStore.open(dir, fx.config);
        assertEquals(Map.of(HB, "1000"), reopened.overrides("b"));
        assertEquals(List.of("a", "b"), List.copyOf(reopened.groupsWithConfigs()));
    }

    private List<String> listed() {
        ListConfigResourcesRequest request = new ListConfigResourcesRequest();
        request.resourceTypes().add(GROUP);
        return call(list, 1, request).configResources().stream()
                .map(ConfigResource::resourceName)
                .toList();
    }

    private static void assertError(AlterConfigsResourceResponse r, Errors error, String message) {
        assertEquals(error.code(), r.errorCode(), r.errorMessage());
        assertEquals(message, r.errorMessage());
    }
}
