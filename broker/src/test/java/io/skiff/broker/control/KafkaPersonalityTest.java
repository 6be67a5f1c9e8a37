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
package io.skiff.broker.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.feature.Feature;
import io.skiff.broker.feature.Features;
import io.skiff.broker.handler.ApiVersionsHandler;
import io.skiff.broker.handler.HandlerRegistry;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.protocol.message.ApiKeys;
import java.util.List;
import org.junit.jupiter.api.Test;

class KafkaPersonalityTest {
    @Test
    void everyConfigurableReleaseHasItsRanges() {
        for (String release : BrokerConfigKeys.EMULATED_KAFKA_VERSIONS) {
            KafkaPersonality p = KafkaPersonality.of(release);
            assertTrue(p.range(ApiKeys.PRODUCE) != null && p.range(ApiKeys.FETCH) != null, release);
        }
        assertThrows(IllegalArgumentException.class, () -> KafkaPersonality.of("1.0"));
    }

    @Test
    void rangesAreKafkasOwn() {
        assertEquals(
                new KafkaPersonality.Range((short) 0, (short) 9),
                KafkaPersonality.of("3.6").range(ApiKeys.PRODUCE));
        assertEquals(
                new KafkaPersonality.Range((short) 0, (short) 12),
                KafkaPersonality.of("4.0").range(ApiKeys.PRODUCE),
                "Kafka 4 advertises Produce from v0 (for librdkafka) though it decodes v3 up");
        assertNull(KafkaPersonality.of("3.6").range(ApiKeys.CONSUMER_GROUP_HEARTBEAT), "KIP-848 is not in 3.6");
        assertEquals(
                new KafkaPersonality.Range((short) 0, (short) 1),
                KafkaPersonality.of("4.0").range(ApiKeys.CONSUMER_GROUP_HEARTBEAT));
    }

    @Test
    void narrowsHandlersAndDropsFeaturesOfLaterReleases() {
        HandlerRegistry registry = new HandlerRegistry();
        Features features = new Features().add(new Feature("group.version", (short) 0, (short) 1, (short) 1));
        registry.register(new ApiVersionsHandler(registry, features, "cluster", 1));
        KafkaPersonality.of("2.8").applyTo(registry, features);
        assertEquals(3, registry.handler(ApiKeys.API_VERSIONS).maxVersion(), "2.8 served ApiVersions v0-3");
        assertTrue(features.all().isEmpty());
    }

    @Test
    void featuresAreTheReleasesAndApisOfFeaturesItDidNotFinalizeAnswerUnsupportedVersion() {
        HandlerRegistry registry = new HandlerRegistry();
        Features features = new Features()
                .add(new Feature("group.version", (short) 0, (short) 1, (short) 1))
                .add(new Feature("transaction.version", (short) 0, (short) 2, (short) 2))
                .add(new Feature("share.version", (short) 0, (short) 2, (short) 2))
                .add(new Feature("streams.version", (short) 0, (short) 1, (short) 1));
        registry.register(new ApiVersionsHandler(registry, features, "cluster", 1));
        KafkaPersonality.of("4.1").applyTo(registry, features);
        assertEquals(
                List.of(
                        new Feature("group.version", (short) 0, (short) 1, (short) 1),
                        new Feature("transaction.version", (short) 0, (short) 2, (short) 2),
                        new Feature("share.version", (short) 0, (short) 1, (short) 0)),
                features.all(),
                "as kafka-features describe shows a real Kafka 4.1.1 (no streams.version)");
        assertEquals(List.of(), KafkaPersonality.of("3.9").features(), "3.9 listed neither");
        assertEquals(
                new KafkaPersonality.Range((short) 0, (short) 0),
                KafkaPersonality.of("3.9").range(ApiKeys.CONSUMER_GROUP_HEARTBEAT),
                "advertised from 3.7 on");
    }
}
