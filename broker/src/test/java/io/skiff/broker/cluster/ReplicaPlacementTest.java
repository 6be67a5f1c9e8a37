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
package io.skiff.broker.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaPlacementTest {
    /** Kafka's own expectation for its rack-unaware assignment with a fixed start index of 0 (its test's table). */
    @Test
    void spreadsAsKafkasAssignorWithTheSameStartAndShift() {
        List<List<Integer>> expected = List.of(
                List.of(0, 1, 2),
                List.of(1, 2, 3),
                List.of(2, 3, 4),
                List.of(3, 4, 0),
                List.of(4, 0, 1),
                List.of(0, 2, 3),
                List.of(1, 3, 4),
                List.of(2, 4, 0),
                List.of(3, 0, 1),
                List.of(4, 1, 2));
        assertEquals(expected, ReplicaPlacement.assign(List.of(0, 1, 2, 3, 4), 0, 10, 3, 0));
    }

    @Test
    void addedPartitionsContinueTheSpread() {
        List<List<Integer>> all = ReplicaPlacement.assign(List.of(1, 2, 3), 0, 6, 2, 12345);
        assertEquals(all.subList(4, 6), ReplicaPlacement.assign(List.of(1, 2, 3), 4, 2, 2, 12345));
    }
}
