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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaEnvironmentTest {

    @Test
    void mapsVariablesLikeTheKafkaDockerImage() {
        assertEquals("log.retention.ms", KafkaEnvironment.keyFor("KAFKA_LOG_RETENTION_MS"));
        assertEquals("advertised.listeners", KafkaEnvironment.keyFor("KAFKA_ADVERTISED_LISTENERS"));
        assertEquals("abc_def", KafkaEnvironment.keyFor("KAFKA_ABC__DEF"));
        assertEquals("abc-def", KafkaEnvironment.keyFor("KAFKA_ABC___DEF"));
        assertEquals(
                "listener.name.internal_x.ssl-y", KafkaEnvironment.keyFor("KAFKA_LISTENER_NAME_INTERNAL__X_SSL___Y"));
        assertEquals("cluster.id", KafkaEnvironment.keyFor("CLUSTER_ID"));
    }

    @Test
    void ignoresLauncherAndForeignVariables() {
        assertNull(KafkaEnvironment.keyFor("KAFKA_HEAP_OPTS"));
        assertNull(KafkaEnvironment.keyFor("KAFKA_OPTS"));
        assertNull(KafkaEnvironment.keyFor("KAFKA_JMX_PORT"));
        assertNull(KafkaEnvironment.keyFor("KAFKA_"));
        assertNull(KafkaEnvironment.keyFor("JAVA_HOME"));
        assertNull(KafkaEnvironment.keyFor("kafka_num_partitions"), "the prefix is case-sensitive");
    }

    @Test
    void variableForIsTheInverse() {
        for (String key : new String[] {"log.retention.ms", "abc_def", "abc-def", "num.partitions", "cluster.id"}) {
            assertEquals(key, KafkaEnvironment.keyFor(KafkaEnvironment.variableFor(key)), key);
        }
        assertEquals("KAFKA_LOG_RETENTION_MS", KafkaEnvironment.variableFor("log.retention.ms"));
    }

    @Test
    void toPropertiesKeepsOnlyConfigVariables() {
        assertEquals(
                Map.of("num.partitions", "3", "cluster.id", "abc"),
                KafkaEnvironment.toProperties(Map.of(
                        "KAFKA_NUM_PARTITIONS",
                        "3",
                        "CLUSTER_ID",
                        "abc",
                        "KAFKA_HEAP_OPTS",
                        "-Xmx1g",
                        "PATH",
                        "/bin")));
    }
}
