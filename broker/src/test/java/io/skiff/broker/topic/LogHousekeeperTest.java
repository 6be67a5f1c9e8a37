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
package io.skiff.broker.topic;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.config.BrokerConfig;
import io.skiff.config.TopicConfig;
import io.skiff.storage.CleanerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogHousekeeperTest {
    @TempDir
    Path dir;

    @Test
    void aPartitionWhoseLogCannotBeCreatedOrWasDeletedFirstDoesNotStopTheHousekeeping() throws Exception {
        TopicConfig config = TopicConfig.of(Map.of("flush.ms", "0"), BrokerConfig.defaults());
        AtomicInteger attempts = new AtomicInteger();
        Topic failing = new Topic("failing", TopicIds.random(), false, config);
        failing.setPartitions(List.of(new Partition(failing, 0, () -> {
            attempts.incrementAndGet();
            throw new IOException("No space left on device");
        })));
        Topic deleted = new Topic("deleted", TopicIds.random(), false, config);
        Partition neverOpened = new Partition(deleted, 0, () -> {
            throw new AssertionError("a closed partition must not open its log");
        });
        deleted.setPartitions(List.of(neverOpened));
        deleted.closeExclusively(() -> {
            try {
                neverOpened.close(true);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        try (LogHousekeeper h = LogHousekeeper.start(
                () -> List.of(failing, deleted),
                Long.MAX_VALUE,
                60_000,
                Clock.systemUTC(),
                CleanerConfig.DEFAULTS,
                dir)) {
            assertDoesNotThrow(h::runMaintenance);
            assertDoesNotThrow(h::runFlushes);
        }
        // Both passes (and the cleaner, which may look too) tried to create the log again.
        assertTrue(attempts.get() >= 2, "attempts: " + attempts.get());
    }
}
