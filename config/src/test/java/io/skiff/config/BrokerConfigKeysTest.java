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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerConfigKeysTest {
    /** The Java type a handle of each configuration type must carry (what {@link ConfigType#parse} returns). */
    private static final Map<ConfigType, String> JAVA_TYPES = Map.of(
            ConfigType.BOOLEAN, "java.lang.Boolean",
            ConfigType.STRING, "java.lang.String",
            ConfigType.CLASS, "java.lang.String",
            ConfigType.PASSWORD, "java.lang.String",
            ConfigType.INT, "java.lang.Integer",
            ConfigType.SHORT, "java.lang.Short",
            ConfigType.LONG, "java.lang.Long",
            ConfigType.DOUBLE, "java.lang.Double",
            ConfigType.LIST, "java.util.List<java.lang.String>");

    @Test
    void everyKeyOfTheTableHasOneHandleOfItsJavaType() throws IllegalAccessException {
        List<String> handled = new ArrayList<>();
        for (Field f : BrokerConfigKeys.class.getDeclaredFields()) {
            if (f.getType() != Key.class) {
                continue;
            }
            assertTrue(Modifier.isPublic(f.getModifiers()) && Modifier.isStatic(f.getModifiers()), f.getName());
            Key<?> key = (Key<?>) f.get(null);
            ConfigKey definition = BrokerConfigKeys.TABLE.get(key.name());
            assertEquals(definition.type(), key.type(), key.name());
            Type typeArgument = ((ParameterizedType) f.getGenericType()).getActualTypeArguments()[0];
            assertEquals(JAVA_TYPES.get(key.type()), typeArgument.getTypeName(), f.getName());
            assertEquals(key.name().toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]", "_"), f.getName());
            handled.add(key.name());
        }
        List<String> table =
                BrokerConfigKeys.TABLE.keys().stream().map(ConfigKey::name).toList();
        assertEquals(table, handled);
    }

    @Test
    void aHandleReadsTheParsedValueOfItsKey() {
        BrokerConfig c = BrokerConfig.of(Map.of("num.partitions", "7", "log.cleanup.policy", "compact,delete"));
        int partitions = c.get(BrokerConfigKeys.NUM_PARTITIONS);
        List<String> policy = c.get(BrokerConfigKeys.LOG_CLEANUP_POLICY);
        long retentionBytes = c.get(BrokerConfigKeys.LOG_RETENTION_BYTES);
        assertEquals(7, partitions);
        assertEquals(List.of("compact", "delete"), policy);
        assertEquals(-1L, retentionBytes);
        assertNull(c.get(BrokerConfigKeys.SKIFF_CONTROL_LISTENER));
        assertEquals(104_857_600, c.get(BrokerConfigKeys.SHARE_COORDINATOR_STATE_TOPIC_SEGMENT_BYTES));
    }
}
