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
package io.skiff.testkit;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What broker a test asks for: its lifecycle, topics, broker properties, port and system property. Equal specs
 * share one broker under {@link Lifecycle#SHARED}.
 *
 * <p>Immutable, thread-safe.
 */
record BrokerSpec(
        Lifecycle lifecycle,
        List<TopicSpec> topics,
        Map<String, String> properties,
        int port,
        String bootstrapServersProperty) {

    static final String CONSOLE_KEY = "console.listener";
    static final String SCHEMA_REGISTRY_KEY = "schema.registry.listener";

    /** A topic to create at start. */
    record TopicSpec(String name, int partitions, Map<String, String> config) {}

    BrokerSpec {
        topics = List.copyOf(topics);
        properties = Map.copyOf(properties);
    }

    static BrokerSpec of(Skiff annotation) {
        List<TopicSpec> topics = new java.util.ArrayList<>();
        for (SkiffTopic t : annotation.topics()) {
            topics.add(new TopicSpec(t.name(), t.partitions(), keyValues(t.config(), "topic " + t.name())));
        }
        Map<String, String> properties = keyValues(annotation.properties(), "broker");
        if (annotation.nodes() != 1) {
            properties.put("skiff.simulated.nodes", Integer.toString(annotation.nodes()));
        }
        if (annotation.console()) {
            properties.putIfAbsent(CONSOLE_KEY, "http://127.0.0.1:0");
        }
        if (annotation.schemaRegistry()) {
            properties.putIfAbsent(SCHEMA_REGISTRY_KEY, "http://127.0.0.1:0");
        }
        return new BrokerSpec(
                annotation.lifecycle(), topics, properties, annotation.port(), annotation.bootstrapServersProperty());
    }

    /** This spec with {@code changed} broker properties put over its own. */
    BrokerSpec withProperties(Map<String, String> changed) {
        Map<String, String> merged = new LinkedHashMap<>(properties);
        merged.putAll(changed);
        return new BrokerSpec(lifecycle, topics, merged, port, bootstrapServersProperty);
    }

    /** Parses {@code key=value} entries; anything else is an error naming the entry. */
    static Map<String, String> keyValues(String[] entries, String what) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(
                        "Skiff " + what + " property '" + entry + "' is not of the form key=value");
            }
            map.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
        }
        return map;
    }

    /** Starts a broker as specified, with its topics created, on a temporary directory deleted on close. */
    SkiffServer start() {
        return start(null, port, true);
    }

    /**
     * Starts a broker as specified on {@code dataDir} (null: a temporary one, deleted on close) and {@code port} (0: a
     * free one); {@code createTopics} false for a restart, whose topics are on disk already.
     */
    SkiffServer start(Path dataDir, int port, boolean createTopics) {
        SkiffServer.Builder builder = SkiffServer.builder().config(properties);
        if (port != 0) {
            builder.port(port);
        }
        if (dataDir != null) {
            builder.dataDir(dataDir);
        }
        SkiffServer server = builder.start();
        try {
            String console = properties.get(CONSOLE_KEY);
            if (console != null
                    && !console.isBlank()
                    && server.extensionUrl("console").isEmpty()) {
                throw new IllegalStateException("A Skiff console was asked for (console = true or console.listener),"
                        + " but io.skiff:skiff-console is not on the test classpath: add it as a test dependency");
            }
            String registry = properties.get(SCHEMA_REGISTRY_KEY);
            if (registry != null
                    && !registry.isBlank()
                    && server.extensionUrl("schema-registry").isEmpty()) {
                throw new IllegalStateException("A schema registry was asked for (schemaRegistry = true or"
                        + " schema.registry.listener), but io.skiff:skiff-schema-registry is not on the test"
                        + " classpath: add it as a test dependency");
            }
            for (TopicSpec topic : createTopics ? topics : List.<TopicSpec>of()) {
                server.createTopic(topic.name(), topic.partitions(), topic.config());
            }
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }
}
