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
package io.skiff.broker.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.testsupport.MutableClock;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Quota enforcement with Kafka's window and throttle arithmetic, its precedence of entities, and persistence. */
class ClientQuotasTest {
    private final MutableClock clock = new MutableClock(1_000_000L);
    private final ClientQuotas quotas = ClientQuotas.inMemory(clock);

    private static ClientQuotaAlteration set(ClientQuotaEntity entity, String key, Double value) {
        List<Map.Entry<String, Double>> ops = new ArrayList<>();
        ops.add(new AbstractMap.SimpleEntry<>(key, value));
        return new ClientQuotaAlteration(entity, ops);
    }

    private void alter(ClientQuotaAlteration... alterations) {
        Map<ClientQuotaEntity, QuotaError> results = quotas.alter(List.of(alterations), false);
        results.values().forEach(r -> assertFalse(r.isFailure(), r.message()));
    }

    @Test
    void noQuotaMeansNoThrottleAndNoBound() {
        assertEquals(0, quotas.recordProduce("ANONYMOUS", "c", Integer.MAX_VALUE));
        assertFalse(quotas.fetchQuotaEnabled());
        assertFalse(quotas.requestQuotaEnabled());
        assertEquals(Integer.MAX_VALUE, quotas.fetchMaxBytes("ANONYMOUS", "c"));
    }

    @Test
    void throttleTimeIsKafkasOverTheTenSecondMinimumWindow() {
        alter(set(ClientQuotaEntity.clientId("c"), "producer_byte_rate", 102_400.0));
        // A first burst is measured over (samples - 1) windows: 1,000,000 B / 10 s is within 102,400 B/s.
        assertEquals(0, quotas.recordProduce("ANONYMOUS", "c", 1_000_000));
        // 1,100,000 B / 10 s = 110,000 B/s: (110,000 - 102,400) / 102,400 × 10,000 ms = 742.19 ms.
        assertEquals(742, quotas.recordProduce("ANONYMOUS", "c", 100_000));
        // Other client ids have no quota.
        assertEquals(0, quotas.recordProduce("ANONYMOUS", "other", 100_000_000));
        // Eleven seconds later every sample has expired.
        clock.advance(11_000);
        assertEquals(0, quotas.recordProduce("ANONYMOUS", "c", 1_000_000));
    }

    @Test
    void theRateIsMeasuredOverTheTimeSinceTheOldestSampleOnceItExceedsTheWindow() {
        alter(set(ClientQuotaEntity.clientId("c"), "producer_byte_rate", 1000.0));
        for (int second = 0; second < 10; second++) {
            assertEquals(0, quotas.recordProduce("ANONYMOUS", "c", 1000), "second " + second);
            clock.advance(1000);
        }
        // Samples began 0..9 s ago, now at 10 s: 11,000 B over 10 s = 1100 B/s → 100/1000 × 10 s = 1000 ms.
        assertEquals(1000, quotas.recordProduce("ANONYMOUS", "c", 1000));
    }

    @Test
    void theMostSpecificEntityWinsAndItsRateIsShared() {
        alter(
                set(ClientQuotaEntity.clientId("c"), "producer_byte_rate", 100.0),
                set(ClientQuotaEntity.user("alice"), "producer_byte_rate", 1000.0));
        // alice: her user quota (1000 B/s) comes before the client id's.
        assertEquals(0, quotas.recordProduce("alice", "c", 5000));
        // bob and carol share the client id's quota and its rate: 600 B, then 1200 B over 10 s.
        assertEquals(0, quotas.recordProduce("bob", "c", 600));
        assertEquals(2000, quotas.recordProduce("carol", "c", 600));

        // A default user quota gives each user a rate of its own.
        alter(set(ClientQuotaEntity.user(null), "producer_byte_rate", 100.0));
        assertEquals(0, quotas.recordProduce("dave", "c", 1000));
        assertEquals(0, quotas.recordProduce("erin", "c", 1000));
        assertEquals(10_000, quotas.recordProduce("dave", "c", 1000));
        // user + client-id beats the user alone.
        alter(set(ClientQuotaEntity.userAndClientId("alice", "c"), "producer_byte_rate", 10.0));
        assertEquals(140_000, quotas.recordProduce("alice", "c", 1500));
    }

    @Test
    void fetchBoundAndUnrecordAndRequestPercentage() {
        alter(
                set(ClientQuotaEntity.clientId(null), "consumer_byte_rate", 1000.0),
                set(ClientQuotaEntity.user("alice"), "request_percentage", 10.0));
        assertTrue(quotas.fetchQuotaEnabled());
        assertEquals(10_000, quotas.fetchMaxBytes("ANONYMOUS", "any"), "quota × 10 s");
        assertEquals(10_000, quotas.recordFetch("ANONYMOUS", "any", 20_000));
        quotas.unrecordFetch("ANONYMOUS", "any", 20_000);
        assertEquals(0, quotas.recordFetch("ANONYMOUS", "any", 5_000), "the throttled fetch was taken back");

        assertTrue(quotas.requestQuotaEnabled());
        assertEquals(0, quotas.recordRequestTime("alice", "c", 500_000_000L), "50 %·s over 10 s = 5 %");
        // 2.5 s of time over 10 s = 25 % against 10 %: 15 s of throttle, bounded by one window (1 s).
        assertEquals(1000, quotas.recordRequestTime("alice", "c", 2_000_000_000L));
        assertEquals(0, quotas.recordRequestTime("bob", "c", 2_000_000_000L), "bob has no request quota");
    }

    @Test
    void quotasSurviveAReopen(@TempDir Path dir) {
        ClientQuotas first = ClientQuotas.open(dir, clock);
        ClientQuotaEntity entity = ClientQuotaEntity.userAndClientId("al ice=,", null);
        first.alter(
                List.of(
                        set(entity, "producer_byte_rate", 2048.0),
                        set(ClientQuotaEntity.clientId("c"), "request_percentage", 0.25)),
                false);
        ClientQuotas reopened = ClientQuotas.open(dir, clock);
        assertEquals(
                Map.of(
                        entity,
                        Map.of("producer_byte_rate", 2048.0),
                        ClientQuotaEntity.clientId("c"),
                        Map.of("request_percentage", 0.25)),
                reopened.all());
        assertEquals(10_000, reopened.recordProduce("al ice=,", "x", 40_960), "enforced after the reopen");
    }
}
