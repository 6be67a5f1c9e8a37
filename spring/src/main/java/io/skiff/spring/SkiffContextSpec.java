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
package io.skiff.spring;

import io.skiff.testkit.SkiffTopic;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The broker an {@link EmbeddedSkiff} asks for, as a value: part of Spring's context cache key, so equal specs share
 * a cached context.
 *
 * <p>Immutable, thread-safe.
 */
record SkiffContextSpec(List<Topic> topics, Map<String, String> properties, List<String> bootstrapServersProperties) {
    /** A topic created at start. */
    record Topic(String name, int partitions, Map<String, String> config) {}

    SkiffContextSpec {
        topics = List.copyOf(topics);
        properties = Map.copyOf(properties);
        bootstrapServersProperties = List.copyOf(bootstrapServersProperties);
    }

    static final String SCHEMA_REGISTRY_KEY = "schema.registry.listener";

    static SkiffContextSpec of(EmbeddedSkiff annotation) {
        List<Topic> topics = new ArrayList<>();
        for (SkiffTopic t : annotation.topics()) {
            topics.add(new Topic(t.name(), t.partitions(), keyValues(t.config())));
        }
        Map<String, String> properties = keyValues(annotation.properties());
        if (annotation.nodes() != 1) {
            properties.put("skiff.simulated.nodes", Integer.toString(annotation.nodes()));
        }
        if (annotation.schemaRegistry()) {
            properties.putIfAbsent(SCHEMA_REGISTRY_KEY, "http://127.0.0.1:0");
        }
        return new SkiffContextSpec(topics, properties, List.of(annotation.bootstrapServersProperties()));
    }

    private static Map<String, String> keyValues(String[] entries) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(
                        "@EmbeddedSkiff property '" + entry + "' is not of the form key=value");
            }
            map.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
        }
        return map;
    }
}
