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
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.broker.clock.BrokerClock;
import io.skiff.broker.coordinator.CoordinatorRecordLog;
import io.skiff.broker.group.common.GroupCoordinatorConfig;
import io.skiff.broker.group.consumer.ConsumerGroupConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class GroupCoordinatorStartTest {

    /** A {@code __consumer_offsets} that cannot be read. */
    private static final class UnreadableLog implements CoordinatorRecordLog {
        @Override
        public int partitionCount() {
            return 1;
        }

        @Override
        public void append(int partition, List<KeyValue> records, long timestamp) {}

        @Override
        public void appendTransactional(
                int partition, long producerId, short producerEpoch, List<KeyValue> records, long timestamp) {}

        @Override
        public void replay(RecordVisitor visitor) throws IOException {
            throw new IOException("disk gone");
        }
    }

    private static Set<Thread> groupTimerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("skiff-group-timers"))
                .collect(Collectors.toSet());
    }

    @Test
    void aFailedLoadStopsTheCoordinatorsThreads() {
        BrokerClock clock = BrokerClock.system();
        Set<Thread> before = groupTimerThreads();

        assertThrows(
                UncheckedIOException.class,
                () -> GroupCoordinator.start(
                        GroupCoordinatorConfig.defaults(),
                        ConsumerGroupConfig.defaults(),
                        new FakeTopics(),
                        new UnreadableLog(),
                        clock));
        // an advance wakes every scheduler still following the clock: a leaked one would start its thread now
        clock.advance(Duration.ofSeconds(1));

        Set<Thread> leaked = groupTimerThreads();
        leaked.removeAll(before);
        assertEquals(Set.of(), leaked);
    }
}
