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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.control.FaultRule;
import io.skiff.broker.control.FaultSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The test kit's doors onto the broker's test control: fault rules with Awaitility-friendly counts, and the clock. */
@Skiff(topics = @SkiffTopic(name = "orders", partitions = 1))
class SkiffKitControlTest {
    @Test
    void aFaultRuleAppliesAndItsCountCanBeAwaited(SkiffKit kafka) {
        FaultRule rule = kafka.faults()
                .add(FaultSpec.builder()
                        .api("Produce")
                        .topic("orders")
                        .error("NOT_LEADER_OR_FOLLOWER")
                        .count(2));
        assertEquals(0L, kafka.send("orders", "k", "v").offset(), "the kit's producer retried and delivered once");
        await().atMost(Duration.ofSeconds(10)).until(rule::applied, n -> n == 2);
        kafka.faults().clear();
        assertTrue(kafka.faults().rules().isEmpty());
    }

    @Test
    void theClockIsTheBrokers(SkiffKit kafka) {
        kafka.clock().pause();
        long before = kafka.clock().millis();
        kafka.clock().advance(Duration.ofHours(1));
        assertEquals(before + 3_600_000L, kafka.clock().millis());
        kafka.clock().resume();
    }

    @Test
    void aKitForBootstrapServersOnlyHasNoControl() {
        try (SkiffKit remote = new SkiffKit("127.0.0.1:1")) {
            IllegalStateException e = assertThrows(IllegalStateException.class, remote::faults);
            assertTrue(e.getMessage().startsWith("faults() needs the in-process SkiffServer"), e.getMessage());
        }
    }
}
