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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.config.ConfigException;
import io.skiff.config.ConfigSource;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.AlterConfigsRequest;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.DescribeConfigsRequest.DescribeConfigsResource;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResourceResult;
import io.skiff.protocol.message.DescribeConfigsResponse.DescribeConfigsResult;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterConfigsResource;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest.AlterableConfig;
import io.skiff.protocol.message.IncrementalAlterConfigsResponse.AlterConfigsResourceResponse;
import io.skiff.storage.LogConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dynamic broker configuration through the config APIs: Kafka 4.4's checks, sources and synonyms, effect. */
class DynamicBrokerConfigHandlersTest {
    private static final byte BROKER = 4;
    private static final byte SET = 0;
    private static final byte DELETE = 1;

    @TempDir
    Path dir;

    AdminFixture fx;

    @BeforeEach
    void setUp() throws Exception {
        fx = new AdminFixture(dir, "log.retention.hours", "24");
        fx.createTopic("orders", 1, Map.of("retention.ms", "1000"));
        fx.createTopic("plain", 1, Map.of());
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private ConfigResources resources() {
        return new ConfigResources(fx.topics, GroupConfigStore.inMemory(fx.config), null, AdminFixture.NODE_ID);
    }

    private static AlterableConfig op(String key, byte op, String value) {
        return new AlterableConfig().setName(key).setConfigOperation(op).setValue(value);
    }

    private AlterConfigsResourceResponse alter(String name, boolean validateOnly, AlterableConfig... ops) {
        IncrementalAlterConfigsRequest request = new IncrementalAlterConfigsRequest().setValidateOnly(validateOnly);
        AlterConfigsResource resource =
                new AlterConfigsResource().setResourceType(BROKER).setResourceName(name);
        resource.configs().addAll(List.of(ops));
        request.resources().add(resource);
        return call(new IncrementalAlterConfigsHandler(resources()), 1, request)
                .responses()
                .get(0);
    }

    private void assertRefused(String message, AlterConfigsResourceResponse response) {
        assertEquals(Errors.INVALID_REQUEST.code(), response.errorCode(), response.errorMessage());
        assertEquals(message, response.errorMessage());
    }

    /** The configuration the log of partition 0 of {@code topic} runs with (not only what its topic says). */
    private LogConfig logConfig(String topic) {
        return fx.topics.topic(topic).orElseThrow().partition(0).log().config();
    }

    private DescribeConfigsResult describe(String name) {
        DescribeConfigsRequest request = new DescribeConfigsRequest().setIncludeSynonyms(true);
        request.resources()
                .add(new DescribeConfigsResource().setResourceType(BROKER).setResourceName(name));
        return call(new DescribeConfigsHandler(resources()), 4, request)
                .results()
                .get(0);
    }

    private static DescribeConfigsResourceResult entry(DescribeConfigsResult result, String name) {
        return result.configs().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no entry " + name));
    }

    private static List<String> synonyms(DescribeConfigsResourceResult entry) {
        return entry.synonyms().stream()
                .map(s -> ConfigSource.values()[s.source()] + ":" + s.name() + "=" + s.value())
                .toList();
    }

    @Test
    void refusesWhatKafkaRefusesWithItsWords() {
        assertRefused(
                "Cannot update these configs dynamically: [log.dirs]",
                alter("1", false, op("log.dirs", SET, "/elsewhere")));
        assertRefused(
                "These security configs can be dynamically updated only per-listener using the listener prefix:"
                        + " [ssl.keystore.type]",
                alter("1", false, op("ssl.keystore.type", SET, "PKCS12")));
        assertRefused(
                "Invalid value abc for configuration log.retention.ms: Not a number of type LONG",
                alter("1", false, op("log.retention.ms", SET, "abc")));
        assertRefused(
                "Invalid value 5 for configuration log.segment.bytes: Value must be at least 1048576",
                alter("", false, op("log.segment.bytes", SET, "5")));
        assertRefused(
                "Cannot update these configs at default cluster level, broker id must be specified: [ssl.client.auth]",
                alter("", false, op("ssl.client.auth", SET, "required")));
        assertRefused(
                "Invalid value abc for configuration log.retention.ms: Not a number of type LONG",
                alter("", false, op("ssl.client.auth", SET, "required"), op("log.retention.ms", SET, "abc")));
        assertEquals(
                Errors.NONE.code(),
                alter("1", false, op("log.dirs", DELETE, null)).errorCode());
        assertEquals(
                Errors.NONE.code(),
                alter("1", true, op("log.retention.ms", SET, "5000")).errorCode());
        assertTrue(describe("").configs().isEmpty(), "nothing stored");
        assertEquals(
                86400000L,
                fx.topics.topic("plain").orElseThrow().config().retentionMs(),
                "validate-only changed nothing");
    }

    @Test
    void describesSourcesAndSynonymsAndTheClusterDefault() {
        assertEquals(
                Errors.NONE.code(),
                alter("", false, op("log.retention.ms", SET, "100000")).errorCode());
        assertEquals(
                Errors.NONE.code(),
                alter("1", false, op("log.segment.bytes", SET, "2000000"), op("foo.bar", SET, "5"))
                        .errorCode());

        DescribeConfigsResult broker = describe("1");
        DescribeConfigsResourceResult segment = entry(broker, "log.segment.bytes");
        assertEquals("2000000", segment.value());
        assertFalse(segment.readOnly());
        assertEquals(ConfigSource.DYNAMIC_BROKER_CONFIG.id(), segment.configSource());
        assertEquals(
                List.of(
                        "DYNAMIC_BROKER_CONFIG:log.segment.bytes=2000000",
                        "DEFAULT_CONFIG:log.segment.bytes=1073741824"),
                synonyms(segment));
        DescribeConfigsResourceResult retention = entry(broker, "log.retention.ms");
        assertEquals("100000", retention.value());
        assertEquals(ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG.id(), retention.configSource());
        assertEquals(
                List.of(
                        "DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=100000",
                        "STATIC_BROKER_CONFIG:log.retention.hours=24",
                        "DEFAULT_CONFIG:log.retention.hours=168"),
                synonyms(retention));
        assertTrue(entry(broker, "log.dirs").readOnly());
        DescribeConfigsResourceResult unknown = entry(broker, "foo.bar");
        assertEquals(null, unknown.value());
        assertTrue(unknown.isSensitive());
        assertTrue(unknown.readOnly());
        assertEquals(0, unknown.configType());
        assertEquals(List.of("DYNAMIC_BROKER_CONFIG:foo.bar=null"), synonyms(unknown));

        DescribeConfigsResult clusterDefault = describe("");
        assertEquals(1, clusterDefault.configs().size());
        DescribeConfigsResourceResult only = clusterDefault.configs().get(0);
        assertEquals("log.retention.ms", only.name());
        assertEquals("100000", only.value());
        assertFalse(only.readOnly());
        assertEquals(ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG.id(), only.configSource());
        assertEquals(List.of("DYNAMIC_DEFAULT_BROKER_CONFIG:log.retention.ms=100000"), synonyms(only));
    }

    @Test
    void topicDefaultsChangeAtOnceForTopicsWithoutTheirOwnValue() {
        assertEquals(86400000L, fx.topics.topic("plain").orElseThrow().config().retentionMs());
        assertEquals(
                Errors.NONE.code(),
                alter("", false, op("log.retention.ms", SET, "100000")).errorCode());
        assertEquals(100000L, fx.topics.topic("plain").orElseThrow().config().retentionMs());
        assertEquals(100000L, logConfig("plain").retentionMs());
        assertEquals(1000L, fx.topics.topic("orders").orElseThrow().config().retentionMs(), "its own override wins");

        assertEquals(
                Errors.NONE.code(),
                alter("1", false, op("log.retention.ms", SET, "200000")).errorCode());
        assertEquals(200000L, fx.topics.topic("plain").orElseThrow().config().retentionMs(), "broker over default");
        assertEquals(
                Errors.NONE.code(),
                alter("1", false, op("log.segment.bytes", SET, "2000000")).errorCode());
        assertEquals(2000000, logConfig("plain").segmentBytes());
        fx.createTopic("later", 1, Map.of());
        assertEquals(200000L, fx.topics.topic("later").orElseThrow().config().retentionMs());

        assertEquals(
                Errors.NONE.code(),
                alter("1", false, op("log.retention.ms", DELETE, null)).errorCode());
        assertEquals(100000L, fx.topics.topic("plain").orElseThrow().config().retentionMs(), "back to the default");
    }

    @Test
    void legacyAlterConfigsReplacesTheBrokersWholeSet() {
        assertEquals(
                Errors.NONE.code(),
                alter("1", false, op("log.segment.bytes", SET, "2000000")).errorCode());
        AlterConfigsRequest request = new AlterConfigsRequest();
        AlterConfigsRequest.AlterConfigsResource resource = new AlterConfigsRequest.AlterConfigsResource()
                .setResourceType(BROKER)
                .setResourceName("1");
        resource.configs()
                .add(new AlterConfigsRequest.AlterableConfig()
                        .setName("log.retention.ms")
                        .setValue("300000"));
        request.resources().add(resource);
        assertEquals(
                Errors.NONE.code(),
                call(new AlterConfigsHandler(resources()), 2, request)
                        .responses()
                        .get(0)
                        .errorCode());
        assertEquals(
                Map.of("log.retention.ms", "300000"), fx.topics.dynamicConfigs().configs(true));
        assertEquals(1073741824, fx.topics.topic("plain").orElseThrow().config().segmentBytes());
    }

    @Test
    void aRestartKeepsTheDynamicConfigurationAndABadFileStopsTheStart() throws Exception {
        assertEquals(
                Errors.NONE.code(),
                alter("", false, op("log.retention.ms", SET, "100000")).errorCode());
        assertEquals(
                Errors.NONE.code(),
                alter("1", false, op("log.segment.bytes", SET, "2000000")).errorCode());
        fx.restart();
        assertEquals(
                Map.of("log.retention.ms", "100000"), fx.topics.dynamicConfigs().configs(false));
        assertEquals(
                Map.of("log.segment.bytes", "2000000"),
                fx.topics.dynamicConfigs().configs(true));
        assertEquals(100000L, logConfig("plain").retentionMs());
        assertEquals(
                ConfigSource.DYNAMIC_BROKER_CONFIG.id(),
                entry(describe("1"), "log.segment.bytes").configSource());

        fx.topics.close();
        Path file = dir.resolve("broker-configs").resolve("dynamic");
        Files.writeString(file, "garbage\n");
        ConfigException garbage =
                assertThrows(ConfigException.class, () -> TopicRegistry.open(fx.config, Clock.systemUTC()));
        assertTrue(garbage.getMessage().contains(file.toString()), garbage.getMessage());
        Files.writeString(file, "default bG9nLnJldGVudGlvbi5tcw== YWJj\n"); // log.retention.ms=abc
        ConfigException badValue =
                assertThrows(ConfigException.class, () -> TopicRegistry.open(fx.config, Clock.systemUTC()));
        assertTrue(badValue.getMessage().contains("log.retention.ms"), badValue.getMessage());
        Files.delete(file);
        fx.topics = TopicRegistry.open(fx.config, Clock.systemUTC());
    }
}
