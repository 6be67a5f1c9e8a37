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

import static io.skiff.broker.group.ConsumerGroupFixture.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.group.common.GroupConfigStore;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import io.skiff.config.BrokerConfig;
import io.skiff.config.GroupConfig;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A group's own consumer.heartbeat.interval.ms and consumer.session.timeout.ms, as Kafka 4.1's coordinator applies
 * them: the interval in every heartbeat answer and the session timeout restarted at every heartbeat, so existing
 * members follow a change from their next heartbeat; other groups keep the broker's values.
 */
class GroupConfigsOfConsumerGroupsTest {
    private final GroupConfigStore store = GroupConfigStore.inMemory(BrokerConfig.defaults());
    private final ConsumerGroupFixture f = new ConsumerGroupFixture(ConsumerGroupConfig.defaults()
            .withSessionTimeoutMs(ConsumerGroupFixture.SESSION_MS)
            .withGroupConfigs(store));

    @AfterEach
    void close() {
        f.close();
    }

    private void set(String group, Map<String, String> overrides) {
        store.replace(group, GroupConfig.validate(overrides, store.brokerConfig()));
    }

    @Test
    void membersAreToldTheGroupsHeartbeatIntervalFromTheirNextHeartbeat() {
        f.topics.create("t", 2);
        assertEquals(500, ok(f.join("g", "m1", null, null, "t")).heartbeatIntervalMs());
        set("g", Map.of("consumer.heartbeat.interval.ms", "1234"));
        assertEquals(1234, ok(f.heartbeat("g", "m1", 2, null)).heartbeatIntervalMs());
        assertEquals(500, ok(f.join("other", "m2", null, null, "t")).heartbeatIntervalMs(), "another group");
        set("g", Map.of());
        assertEquals(500, ok(f.heartbeat("g", "m1", 2, null)).heartbeatIntervalMs(), "back to the broker's");
    }

    @Test
    void theGroupsSessionTimeoutDecidesWhenASilentMemberIsRemoved() {
        f.topics.create("t", 2);
        ok(f.join("g", "m1", null, null, "t"));
        ok(f.join("g", "m2", null, null, "t"));
        set("g", Map.of("consumer.session.timeout.ms", "30000"));
        ok(f.heartbeat("g", "m1", 2, null)); // m1 now has a 30 s session; m2 still its 10 s one
        ok(f.heartbeat("g", "m2", 3, null)); // m2 too, from this heartbeat on
        f.scheduler.advance(ConsumerGroupFixture.SESSION_MS + 1);
        assertEquals(2, f.describe("g").members().size(), "the broker's 10 s no longer apply");
        f.scheduler.advance(20_000);
        assertEquals(0, f.describe("g").members().size(), "both silent for 30 s");
    }
}
