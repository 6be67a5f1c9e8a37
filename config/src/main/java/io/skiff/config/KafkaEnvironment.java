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
package io.skiff.config;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads configuration from environment variables the way the Apache Kafka Docker image does
 * ({@code KafkaDockerWrapper}): every variable starting with {@code KAFKA_}, except the image's
 * own launcher variables, becomes a key: strip {@code KAFKA_}, lower-case, then {@code _} → {@code .},
 * {@code ___} → {@code -}, {@code __} → {@code _}. So {@code KAFKA_LOG_RETENTION_MS} is
 * {@code log.retention.ms}, {@code KAFKA_LISTENER_NAME_X__Y} is {@code listener.name.x_y}.
 * {@code CLUSTER_ID}, which the image passes to its storage formatting, sets {@code cluster.id}.
 *
 * <p>Thread-safety: stateless.
 */
public final class KafkaEnvironment {
    private static final String PREFIX = "KAFKA_";

    /** Launcher variables of the Kafka image that are not broker settings. */
    static final Set<String> EXCLUDED = Set.of(
            "KAFKA_VERSION",
            "KAFKA_HEAP_OPTS",
            "KAFKA_LOG4J_OPTS",
            "KAFKA_OPTS",
            "KAFKA_JMX_OPTS",
            "KAFKA_JVM_PERFORMANCE_OPTS",
            "KAFKA_GC_LOG_OPTS",
            "KAFKA_LOG4J_ROOT_LOGLEVEL",
            "KAFKA_LOG4J_LOGGERS",
            "KAFKA_TOOLS_LOG4J_LOGLEVEL",
            "KAFKA_JMX_HOSTNAME",
            "KAFKA_JMX_PORT",
            "KAFKA_DEBUG",
            "KAFKA_HOME");

    private KafkaEnvironment() {}

    /** The configuration keys that {@code env} sets, mapped to their values (sorted by key). */
    public static Map<String, String> toProperties(Map<String, String> env) {
        Map<String, String> props = new TreeMap<>();
        for (Map.Entry<String, String> e : env.entrySet()) {
            String key = keyFor(e.getKey());
            if (key != null) {
                props.put(key, e.getValue());
            }
        }
        return props;
    }

    /** The configuration key an environment variable sets, or null when it sets none. */
    public static String keyFor(String variable) {
        if (variable.equals("CLUSTER_ID")) {
            return "cluster.id";
        }
        if (!variable.startsWith(PREFIX) || variable.length() == PREFIX.length() || EXCLUDED.contains(variable)) {
            return null;
        }
        return variable.substring(PREFIX.length())
                .toLowerCase(Locale.ROOT)
                .replace("_", ".")
                .replace("...", "-")
                .replace("..", "_");
    }

    /** The variable that sets {@code key} (the inverse of {@link #keyFor}). */
    public static String variableFor(String key) {
        if (key.equals("cluster.id")) {
            return "CLUSTER_ID";
        }
        return PREFIX
                + key.replace("_", "__").replace("-", "___").replace(".", "_").toUpperCase(Locale.ROOT);
    }
}
