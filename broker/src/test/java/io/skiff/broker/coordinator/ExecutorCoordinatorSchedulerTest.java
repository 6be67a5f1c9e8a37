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
package io.skiff.broker.coordinator;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.clock.BrokerClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ExecutorCoordinatorSchedulerTest {
    @Test
    void tasksRunWhenTheBrokerClockIsAdvancedPastTheirDeadline() throws Exception {
        BrokerClock clock = BrokerClock.system();
        clock.pause();
        try (ExecutorCoordinatorScheduler scheduler = new ExecutorCoordinatorScheduler("test-timers", clock)) {
            AtomicInteger once = new AtomicInteger();
            AtomicInteger periodic = new AtomicInteger();
            AtomicInteger later = new AtomicInteger();
            scheduler.schedule(60_000, once::incrementAndGet);
            scheduler.schedulePeriodic(10_000, periodic::incrementAndGet);
            scheduler.schedule(3_600_000, later::incrementAndGet);
            CoordinatorScheduler.Cancellable cancelled = scheduler.schedule(1_000, later::incrementAndGet);
            cancelled.cancel();

            clock.advance(Duration.ofSeconds(61));

            await().atMost(Duration.ofSeconds(5)).until(() -> once.get() == 1 && periodic.get() == 1);
            clock.advance(Duration.ofSeconds(10));
            await().atMost(Duration.ofSeconds(5)).until(() -> periodic.get() == 2);
            assertEquals(1, once.get());
            assertEquals(0, later.get(), "not due, or cancelled");
        }
    }

    @Test
    void aPausedClockHoldsDeadlinesEvenWhenRealTimePasses() throws Exception {
        BrokerClock clock = BrokerClock.system();
        clock.pause();
        try (ExecutorCoordinatorScheduler scheduler = new ExecutorCoordinatorScheduler("test-timers", clock);
                ExecutorCoordinatorScheduler realTime = new ExecutorCoordinatorScheduler("real-timers")) {
            AtomicInteger ran = new AtomicInteger();
            AtomicInteger probe = new AtomicInteger();
            scheduler.schedule(50, ran::incrementAndGet);
            // A real-time task scheduled after it shows the real timer of the first one has fired meanwhile.
            realTime.schedule(300, probe::incrementAndGet);
            await().atMost(Duration.ofSeconds(5)).until(() -> probe.get() == 1);
            assertEquals(0, ran.get(), "the broker clock did not move");
            clock.resume();
            await().atMost(Duration.ofSeconds(5)).until(() -> ran.get() == 1);
        }
    }
}
