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
package io.skiff.testsupport;

import io.skiff.config.BrokerConfig;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Broker configurations for unit tests, from key-value pairs in Kafka's key names. */
public final class TestConfigs {
    private TestConfigs() {}

    /** The pairs {@code key1, value1, key2, value2, ...} as a map; an odd count is a mistake of the test. */
    public static Map<String, String> map(String... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values come in pairs: " + keyValues.length + " strings");
        }
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** A broker configuration keeping its data in {@code dataDir} ({@code log.dirs}), with the pairs on top. */
    public static BrokerConfig broker(Path dataDir, String... keyValues) {
        return broker(dataDir, map(keyValues));
    }

    /** A broker configuration keeping its data in {@code dataDir} ({@code log.dirs}), with {@code configs} on top. */
    public static BrokerConfig broker(Path dataDir, Map<String, String> configs) {
        Map<String, String> map = new HashMap<>(configs);
        map.putIfAbsent("log.dirs", dataDir.toString());
        return BrokerConfig.of(map);
    }
}
