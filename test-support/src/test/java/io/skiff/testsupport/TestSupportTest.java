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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.skiff.config.BrokerConfigKeys;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** The shared helpers write what they say: batches another reader accepts, clocks that move, configs. */
class TestSupportTest {
    @Test
    void aBatchCarriesItsValuesCountAndAValidCrc() {
        ByteBuffer batch = TestBatches.batch(1_000L, "a", "bb", "ccc");
        assertEquals(3, TestBatches.recordCount(batch));
        assertEquals(List.of("a", "bb", "ccc"), TestBatches.values(batch));
        assertEquals(1_002L, batch.getLong(35), "max timestamp: one more per record");
        CRC32C crc = new CRC32C();
        crc.update(batch.array(), 21, batch.remaining() - 21);
        assertEquals((int) crc.getValue(), batch.getInt(17));
    }

    @Test
    void concatenatedBatchesSplitBackIntoTheSameBatches() {
        ByteBuffer a = TestBatches.batch(1L, "x");
        ByteBuffer b = TestBatches.sized(2L, 4, 100);
        List<ByteBuffer> split = TestBatches.split(TestBatches.concat(a, b));
        assertEquals(List.of(a, b), split);
        assertEquals(4, TestBatches.recordCount(split.get(1)));
    }

    @Test
    void theClockMovesOnlyWhenTold() {
        MutableClock clock = new MutableClock(5_000L);
        assertEquals(5_000L, clock.millis());
        clock.advance(250);
        assertEquals(5_250L, clock.instant().toEpochMilli());
    }

    @Test
    void configPairsOverrideTheDataDirectoryDefaultAndComeInPairs() {
        assertEquals(
                List.of(Path.of("data")), TestConfigs.broker(Path.of("data")).logDirs());
        assertEquals(
                List.of(Path.of("other")),
                TestConfigs.broker(Path.of("data"), "log.dirs", "other").logDirs());
        assertEquals(
                3, TestConfigs.broker(Path.of("data"), "num.partitions", "3").get(BrokerConfigKeys.NUM_PARTITIONS));
        assertThrows(IllegalArgumentException.class, () -> TestConfigs.map("num.partitions"));
    }
}
