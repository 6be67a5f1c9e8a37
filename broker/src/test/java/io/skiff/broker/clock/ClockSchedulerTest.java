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
package io.skiff.broker.clock;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ClockSchedulerTest {
    @Test
    void aWaitWithinADelayEndsAtOnceWhenTheClockIsAdvancedPastIt() {
        BrokerClock clock = BrokerClock.system();
        try (ClockScheduler scheduler = new ClockScheduler("test-within", clock)) {
            AtomicInteger ended = new AtomicInteger();
            AtomicInteger notYet = new AtomicInteger();
            scheduler.scheduleWithin(600_000, ended::incrementAndGet);
            scheduler.scheduleWithin(1_200_000, notYet::incrementAndGet);

            clock.advance(Duration.ofMinutes(10));

            await().atMost(Duration.ofSeconds(5)).until(() -> ended.get() == 1);
            assertEquals(0, notYet.get(), "the clock has not reached its deadline, nor has real time");
        }
    }

    @Test
    void aWaitWithinADelayEndsInRealTimeWhileTheClockIsPaused() {
        BrokerClock clock = BrokerClock.system();
        clock.pause();
        try (ClockScheduler scheduler = new ClockScheduler("test-within", clock)) {
            AtomicInteger bounded = new AtomicInteger();
            AtomicInteger onTheClock = new AtomicInteger();
            scheduler.scheduleWithin(100, bounded::incrementAndGet);
            scheduler.schedule(100, onTheClock::incrementAndGet);

            await().atMost(Duration.ofSeconds(5)).until(() -> bounded.get() == 1);
            assertEquals(0, onTheClock.get(), "a deadline of the paused clock is not reached in real time");
            clock.advance(Duration.ofMillis(100));
            await().atMost(Duration.ofSeconds(5)).until(() -> onTheClock.get() == 1);
        }
    }
}
