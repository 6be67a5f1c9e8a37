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
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterConfigsResource;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterableConfig;
import io.skiff.protocol.message.IncrementalAlterConfigsResponse.AlterConfigsResourceResponse;
import io.skiff.record.TimestampType;
import io.skiff.storage.LogConfig;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlterConfigsHandlersTest {
    private static final byte TOPIC = 2;
    private static final byte BROKER = 4;
    private static final byte BROKER_LOGGER = 8;

    @TempDir
    Path dir;

    AdminFixture fx;
    GroupConfigStore groupConfigs;
    IncrementalAlterConfigsHandler incremental;
    AlterConfigsHandler legacy;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir);
        fx.createTopic("orders", 2, Map.of("retention.ms", "1000"));
        groupConfigs = GroupConfigStore.inMemory(fx.config);
        incremental = new IncrementalAlterConfigsHandler(
                new ConfigResources(fx.topics, groupConfigs, null, AdminFixture.NODE_ID));
        legacy = new AlterConfigsHandler(new ConfigResources(fx.topics, groupConfigs, null, AdminFixture.NODE_ID));
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private static AlterableConfig op(String key, int op, String value) {
        return new AlterableConfig().setName(key).setConfigOperation((byte) op).setValue(value);
    }

    private AlterConfigsResourceResponse incremental(
            byte type, String name, boolean validateOnly, AlterableConfig... ops) {
        IncrementalAlterConfigsRequest request = new IncrementalAlterConfigsRequest().setValidateOnly(validateOnly);
        AlterConfigsResource resource =
                new AlterConfigsResource().setResourceType(type).setResourceName(name);
        for (AlterableConfig op : ops) {
            resource.configs().add(op);
        }
        request.resources().add(resource);
        return call(incremental, 1, request).responses().get(0);
    }

    /** The live configuration of the log of orders-0. */
    private LogConfig ordersLogConfig() {
        return fx.topics.topic("orders").orElseThrow().partition(0).log().config();
    }

    private Map<String, String> overrides() {
        return fx.topics.topic("orders").orElseThrow().config().overrides();
    }

    @Test
    void setIsPersistedAndAppliedToTheLiveLogs() throws Exception {
        AlterConfigsResourceResponse r = incremental(
                TOPIC,
                "orders",
                false,
                op("retention.ms", 0, "5000"),
                op("max.message.bytes", 0, "2048"),
                op("message.timestamp.type", 0, "LogAppendTime"),
                op("segment.bytes", 0, "2097152"));
        assertEquals(Errors.NONE.code(), r.errorCode());
        assertNull(r.errorMessage());
        assertEquals("orders", r.resourceName());
        for (int p = 0; p < 2; p++) {
            var log = fx.topics.topic("orders").orElseThrow().partition(p).log();
            assertEquals(5000, log.config().retentionMs());
            assertEquals(2048, log.config().maxBatchBytes());
            assertEquals(TimestampType.LOG_APPEND_TIME, log.config().timestampType());
            assertEquals(2097152, log.config().segmentBytes());
        }
        fx.restart();
        assertEquals("5000", overrides().get("retention.ms"));
        assertEquals("LogAppendTime", overrides().get("message.timestamp.type"));
        assertEquals(
                2048,
                fx.topics
                        .topic("orders")
                        .orElseThrow()
                        .partition(1)
                        .log()
                        .config()
                        .maxBatchBytes());
    }

    @Test
    void deleteReturnsAKeyToItsDefault() {
        assertEquals(
                Errors.NONE.code(),
                incremental(TOPIC, "orders", false, op("retention.ms", 1, null)).errorCode());
        assertEquals(Map.of(), overrides());
        assertEquals(604800000L, ordersLogConfig().retentionMs());
    }

    @Test
    void appendAndSubtractEditListKeysStartingFromTheDefault() {
        assertEquals(
                Errors.NONE.code(),
                incremental(TOPIC, "orders", false, op("cleanup.policy", 2, "compact"))
                        .errorCode());
        assertEquals("delete,compact", overrides().get("cleanup.policy"));
        incremental(TOPIC, "orders", false, op("cleanup.policy", 2, "compact"));
        assertEquals("delete,compact", overrides().get("cleanup.policy"), "APPEND skips items already present");
        incremental(TOPIC, "orders", false, op("cleanup.policy", 3, "delete"));
        assertEquals("compact", overrides().get("cleanup.policy"));
        AlterConfigsResourceResponse notList = incremental(TOPIC, "orders", false, op("retention.ms", 2, "5"));
        assertEquals(Errors.INVALID_CONFIG.code(), notList.errorCode());
        assertEquals("Can't APPEND to key retention.ms because its type is not LIST.", notList.errorMessage());
    }

    @Test
    void invalidValuesAreRefusedWithKafkasMessages() {
        assertInvalid(
                "Invalid value -5 for configuration retention.ms: Value must be at least -1",
                op("retention.ms", 0, "-5"));
        assertInvalid(
                "Invalid value abc for configuration retention.ms: Not a number of type LONG",
                op("retention.ms", 0, "abc"));
        assertInvalid(
                "Invalid value Later for configuration message.timestamp.type: String must be one of: "
                        + "CreateTime, LogAppendTime",
                op("message.timestamp.type", 0, "Later"));
        assertInvalid(
                "Invalid value shred for configuration cleanup.policy: String must be one of: compact, delete",
                op("cleanup.policy", 0, "shred"));
        assertInvalid("Unknown topic config name: no.such.key", op("no.such.key", 0, "1"));
        assertEquals("1000", overrides().get("retention.ms"), "nothing changed");
    }

    private void assertInvalid(String message, AlterableConfig op) {
        AlterConfigsResourceResponse r = incremental(TOPIC, "orders", false, op);
        assertEquals(Errors.INVALID_CONFIG.code(), r.errorCode());
        assertEquals(message, r.errorMessage());
    }

    @Test
    void validateOnlyChangesNothing() {
        assertEquals(
                Errors.NONE.code(),
                incremental(TOPIC, "orders", true, op("retention.ms", 0, "7")).errorCode());
        assertEquals("1000", overrides().get("retention.ms"));
    }

    @Test
    void unknownTopicIsCheckedAfterTheValues() {
        AlterConfigsResourceResponse missing = incremental(TOPIC, "missing", false, op("retention.ms", 0, "7"));
        assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), missing.errorCode());
        assertEquals("The topic 'missing' does not exist.", missing.errorMessage());
        assertEquals(
                Errors.INVALID_CONFIG.code(),
                incremental(TOPIC, "missing", false, op("retention.ms", 0, "x")).errorCode());
        AlterConfigsResourceResponse empty = incremental(TOPIC, "", false, op("retention.ms", 0, "7"));
        assertEquals(Errors.INVALID_REQUEST.code(), empty.errorCode());
        assertEquals("Default topic resources are not allowed.", empty.errorMessage());
    }

    @Test
    void requestLevelChecks() {
        AlterConfigsResourceResponse dupKeys =
                incremental(TOPIC, "orders", false, op("retention.ms", 0, "7"), op("retention.ms", 1, null));
        assertEquals("Error due to duplicate config keys", dupKeys.errorMessage());
        AlterConfigsResourceResponse nullValue = incremental(TOPIC, "orders", false, op("retention.ms", 0, null));
        assertEquals(Errors.INVALID_REQUEST.code(), nullValue.errorCode());
        assertEquals("Null value not supported for : retention.ms", nullValue.errorMessage());

        IncrementalAlterConfigsRequest twice = new IncrementalAlterConfigsRequest();
        twice.resources().add(new AlterConfigsResource().setResourceType(TOPIC).setResourceName("orders"));
        twice.resources().add(new AlterConfigsResource().setResourceType(TOPIC).setResourceName("orders"));
        var responses = call(incremental, 0, twice).responses();
        assertEquals(2, responses.size());
        responses.forEach(r -> assertEquals("Each resource must appear at most once.", r.errorMessage()));
    }

    @Test
    void brokerResourcesOtherThanOursAndBrokerLoggersAreRefused() {
        assertEquals(
                Errors.NONE.code(),
                incremental(BROKER, "", false, op("log.retention.ms", 1, null)).errorCode(),
                "deleting a dynamic config that is not set is a no-op");
        assertEquals(
                "Unexpected broker id, expected 1, but received 3",
                incremental(BROKER, "3", false, op("a", 0, "b")).errorMessage());
        AlterConfigsResourceResponse logger = incremental(BROKER_LOGGER, "1", false, op("root", 0, "DEBUG"));
        assertEquals(Errors.INVALID_REQUEST.code(), logger.errorCode());
        assertEquals("Unknown resource type 8", logger.errorMessage());
    }

    @Test
    void legacyAlterConfigsReplacesTheWholeSet() throws Exception {
        AlterConfigsRequest request = new AlterConfigsRequest();
        AlterConfigsRequest.AlterConfigsResource resource = new AlterConfigsRequest.AlterConfigsResource()
                .setResourceType(TOPIC)
                .setResourceName("orders");
        resource.configs()
                .add(new AlterConfigsRequest.AlterableConfig()
                        .setName("segment.ms")
                        .setValue("60000"));
        request.resources().add(resource);
        AlterConfigsResponse response = call(legacy, 2, request);
        assertEquals(Errors.NONE.code(), response.responses().get(0).errorCode());
        assertEquals(Map.of("segment.ms", "60000"), overrides(), "retention.ms went back to its default");
        assertEquals(60000, ordersLogConfig().segmentMs());
        fx.restart();
        assertEquals(Map.of("segment.ms", "60000"), overrides());

        AlterConfigsRequest bad = new AlterConfigsRequest();
        AlterConfigsRequest.AlterConfigsResource badResource = new AlterConfigsRequest.AlterConfigsResource()
                .setResourceType(TOPIC)
                .setResourceName("orders");
        badResource
                .configs()
                .add(new AlterConfigsRequest.AlterableConfig()
                        .setName("segment.bytes")
                        .setValue("10"));
        bad.resources().add(badResource);
        var r = call(
                        new AlterConfigsHandler(
                                new ConfigResources(fx.topics, groupConfigs, null, AdminFixture.NODE_ID)),
                        0,
                        bad)
                .responses()
                .get(0);
        assertEquals(Errors.INVALID_CONFIG.code(), r.errorCode());
        assertEquals(
                "Invalid value 10 for configuration segment.bytes: Value must be at least 1048576", r.errorMessage());
    }
}
