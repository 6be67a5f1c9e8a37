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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.config.ConfigSource;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.DescribeConfigsRequest.DescribeConfigsResource;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResourceResult;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DescribeConfigsHandlerTest {
    @TempDir
    Path dir;

    AdminFixture fx;
    GroupConfigStore groupConfigs;
    DescribeConfigsHandler handler;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir, "log.retention.hours", "24");
        fx.createTopic("orders", 1, Map.of("max.message.bytes", "2000000"));
        groupConfigs = GroupConfigStore.inMemory(fx.config);
        handler = new DescribeConfigsHandler(new ConfigResources(fx.topics, groupConfigs, null, AdminFixture.NODE_ID));
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private DescribeConfigsResult describe(
            int version, byte type, String name, List<String> keys, boolean synonyms, boolean docs) {
        DescribeConfigsRequest request =
                new DescribeConfigsRequest().setIncludeSynonyms(synonyms).setIncludeDocumentation(docs);
        request.resources()
                .add(new DescribeConfigsResource()
                        .setResourceType(type)
                        .setResourceName(name)
                        .setConfigurationKeys(keys == null ? null : new ArrayList<>(keys)));
        return call(handler, version, request).results().get(0);
    }

    private static DescribeConfigsResourceResult entry(DescribeConfigsResult result, String name) {
        return result.configs().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void topicReportsOverridesBrokerSettingsAndDefaults() {
        DescribeConfigsResult result = describe(4, (byte) 2, "orders", null, false, false);
        assertEquals(Errors.NONE.code(), result.errorCode());
        assertEquals("orders", result.resourceName());
        DescribeConfigsResourceResult maxBytes = entry(result, "max.message.bytes");
        assertEquals("2000000", maxBytes.value());
        assertEquals(ConfigSource.TOPIC_CONFIG.id(), maxBytes.configSource());
        assertFalse(maxBytes.readOnly());
        assertTrue(maxBytes.synonyms().isEmpty(), "synonyms only when asked");
        assertNull(maxBytes.documentation(), "documentation only when asked");
        DescribeConfigsResourceResult retention = entry(result, "retention.ms");
        assertEquals("86400000", retention.value());
        // Kafka 4.4 drops the synonyms before the chain's first key (log.retention.ms): only .hours set → DEFAULT
        assertEquals(ConfigSource.DEFAULT_CONFIG.id(), retention.configSource());
        assertEquals(5, retention.configType(), "LONG");
        DescribeConfigsResourceResult policy = entry(result, "cleanup.policy");
        assertEquals("delete", policy.value());
        assertEquals(ConfigSource.DEFAULT_CONFIG.id(), policy.configSource());
        assertEquals(7, policy.configType(), "LIST");
    }

    @Test
    void synonymsAndDocumentationWhenAsked() {
        DescribeConfigsResult result = describe(4, (byte) 2, "orders", null, true, true);
        DescribeConfigsResourceResult maxBytes = entry(result, "max.message.bytes");
        assertEquals("max.message.bytes", maxBytes.synonyms().get(0).name());
        assertEquals(ConfigSource.TOPIC_CONFIG.id(), maxBytes.synonyms().get(0).source());
        assertTrue(maxBytes.synonyms().stream().anyMatch(s -> s.name().equals("message.max.bytes")));
        assertNotNull(maxBytes.documentation());
        assertEquals(List.of(), entry(result, "retention.ms").synonyms(), "as Kafka 4.4 with log.retention.hours=24");
    }

    @Test
    void configurationKeysFilterTheEntries() {
        DescribeConfigsResult result =
                describe(1, (byte) 2, "orders", List.of("retention.ms", "segment.bytes", "nope"), false, false);
        assertEquals(
                List.of("retention.ms", "segment.bytes"),
                result.configs().stream()
                        .map(DescribeConfigsResourceResult::name)
                        .sorted()
                        .toList());
    }

    @Test
    void unknownAndIllegalTopics() {
        DescribeConfigsResult unknown = describe(4, (byte) 2, "missing", null, false, false);
        assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), unknown.errorCode());
        assertEquals("", unknown.errorMessage(), "Kafka leaves the schema default");
        assertEquals("missing", unknown.resourceName());
        assertTrue(unknown.configs().isEmpty());
        DescribeConfigsResult illegal = describe(4, (byte) 2, "bad/name", null, false, false);
        assertEquals(Errors.INVALID_TOPIC_EXCEPTION.code(), illegal.errorCode());
        assertNotNull(illegal.errorMessage());
    }

    @Test
    void brokerByNodeIdClusterDefaultAndOtherIds() {
        DescribeConfigsResult broker = describe(4, (byte) 4, "1", null, false, false);
        assertEquals(Errors.NONE.code(), broker.errorCode());
        DescribeConfigsResourceResult retention = entry(broker, "log.retention.hours");
        assertEquals("24", retention.value());
        assertTrue(retention.readOnly());
        assertEquals(ConfigSource.STATIC_BROKER_CONFIG.id(), retention.configSource());
        assertEquals(
                ConfigSource.DEFAULT_CONFIG.id(),
                entry(broker, "num.partitions").configSource());

        DescribeConfigsResult clusterDefault = describe(4, (byte) 4, "", null, false, false);
        assertEquals(Errors.NONE.code(), clusterDefault.errorCode());
        assertTrue(clusterDefault.configs().isEmpty());

        DescribeConfigsResult other = describe(4, (byte) 4, "2", null, false, false);
        assertEquals(Errors.INVALID_REQUEST.code(), other.errorCode());
        assertEquals("Unexpected broker id, expected 1 or empty string, but received 2", other.errorMessage());
        DescribeConfigsResult notNumber = describe(4, (byte) 4, "x", null, false, false);
        assertEquals("Broker id must be an integer, but it is: x", notNumber.errorMessage());
    }

    @Test
    void unsupportedResourceTypes() {
        DescribeConfigsResult logger = describe(4, (byte) 8, "1", null, false, false);
        assertEquals(Errors.INVALID_REQUEST.code(), logger.errorCode());
        assertEquals("Unsupported resource type: BROKER_LOGGER", logger.errorMessage());
        assertEquals(8, logger.resourceType());
        DescribeConfigsResult metrics = describe(4, (byte) 16, "m", null, false, false);
        assertEquals("Unsupported resource type: CLIENT_METRICS", metrics.errorMessage());

        DescribeConfigsRequest mixed = new DescribeConfigsRequest();
        mixed.resources()
                .add(new DescribeConfigsResource().setResourceType((byte) 2).setResourceName("orders"));
        mixed.resources()
                .add(new DescribeConfigsResource().setResourceType((byte) 99).setResourceName("x"));
        List<DescribeConfigsResult> results = call(handler, 4, mixed).results();
        assertEquals(2, results.size());
        results.forEach(r -> {
            assertEquals(Errors.INVALID_REQUEST.code(), r.errorCode());
            assertTrue(r.configs().isEmpty());
        });
        assertEquals("orders", results.get(0).resourceName());
    }
}
