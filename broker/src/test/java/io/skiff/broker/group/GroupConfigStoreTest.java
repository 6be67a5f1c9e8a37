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
package io.skiff.broker.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.config.BrokerConfig;
import io.skiff.config.GroupConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GroupConfigStoreTest {
    private final BrokerConfig broker = BrokerConfig.defaults();

    @TempDir
    Path dir;

    private GroupConfig config(Map<String, String> overrides) {
        return GroupConfig.validate(overrides, broker);
    }

    @Test
    void changesSurviveAReopenWhateverTheGroupIdContains() {
        GroupConfigStore store = GroupConfigStore.open(dir, broker);
        String odd = "päth/with spaces\nand=signs";
        store.replace(
                odd,
                config(Map.of("consumer.heartbeat.interval.ms", "700", "share.isolation.level", "read_committed")));
        store.replace("g", config(Map.of("consumer.session.timeout.ms", "20000")));
        assertTrue(Files.exists(dir.resolve("groups/configs")));

        GroupConfigStore reopened = GroupConfigStore.open(dir, broker);
        assertEquals(Set.of(odd, "g"), reopened.groupsWithConfigs());
        assertEquals(
                Map.of("consumer.heartbeat.interval.ms", "700", "share.isolation.level", "read_committed"),
                reopened.overrides(odd));
        assertEquals(OptionalInt.of(700), reopened.consumerHeartbeatIntervalMs(odd));
        assertEquals(OptionalInt.of(20000), reopened.consumerSessionTimeoutMs("g"));
        assertEquals(OptionalInt.empty(), reopened.consumerHeartbeatIntervalMs("g"));
        assertEquals(OptionalInt.empty(), reopened.consumerSessionTimeoutMs("none"));
    }

    @Test
    void aGroupWhoseSettingsWereAllRemovedStaysListedAsInKafka() {
        GroupConfigStore store = GroupConfigStore.open(dir, broker);
        store.replace("never", config(Map.of()));
        assertEquals(Set.of(), store.groupsWithConfigs(), "removing nothing from a group without settings");
        store.replace("g", config(Map.of("consumer.heartbeat.interval.ms", "700")));
        store.replace("g", config(Map.of()));
        assertEquals(Set.of("g"), store.groupsWithConfigs());
        GroupConfigStore reopened = GroupConfigStore.open(dir, broker);
        assertEquals(Set.of("g"), reopened.groupsWithConfigs());
        assertEquals(Map.of(), reopened.overrides("g"));
        assertEquals(OptionalInt.empty(), reopened.consumerHeartbeatIntervalMs("g"));
    }

    @Test
    void unsetKeysDescribeTheBrokersDefaults() {
        GroupConfigStore store =
                GroupConfigStore.open(dir, BrokerConfig.of(Map.of("group.consumer.heartbeat.interval.ms", "800")));
        assertEquals(800, store.config("any").value("consumer.heartbeat.interval.ms"));
        assertEquals(45000, store.config("any").value("consumer.session.timeout.ms"));
    }
}
