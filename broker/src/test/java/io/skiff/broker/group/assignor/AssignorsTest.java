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
package io.skiff.broker.group.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The server-side assignors: every partition once, balanced, and (uniform) sticky. */
class AssignorsTest {
    private static final UUID A = new UUID(0, 1);
    private static final UUID B = new UUID(0, 2);
    private static final Map<UUID, AssignmentSpec.Topic> TOPICS =
            Map.of(A, new AssignmentSpec.Topic("a", 6), B, new AssignmentSpec.Topic("b", 3));

    private static AssignmentSpec.Member member(Set<UUID> topics, Map<UUID, Set<Integer>> current) {
        return new AssignmentSpec.Member(null, topics, current);
    }

    private static int count(Map<UUID, Set<Integer>> a) {
        return a.values().stream().mapToInt(Set::size).sum();
    }

    private static void assertEachPartitionOnce(Map<String, Map<UUID, Set<Integer>>> result, int expected) {
        Set<String> seen = new HashSet<>();
        result.values().forEach(a -> a.forEach((t, ps) -> ps.forEach(p -> assertTrue(seen.add(t + "-" + p)))));
        assertEquals(expected, seen.size());
    }

    @Test
    void uniformSpreadsEvenlyAndMovesAsLittleAsItCan() {
        Map<String, AssignmentSpec.Member> members = new LinkedHashMap<>();
        members.put("m1", member(Set.of(A, B), Map.of()));
        members.put("m2", member(Set.of(A, B), Map.of()));
        var first = new UniformAssignor().assign(new AssignmentSpec(members, TOPICS));
        assertEachPartitionOnce(first, 9);
        assertTrue(Math.abs(count(first.get("m1")) - count(first.get("m2"))) <= 1);

        members.put("m1", member(Set.of(A, B), first.get("m1")));
        members.put("m2", member(Set.of(A, B), first.get("m2")));
        members.put("m3", member(Set.of(A, B), Map.of()));
        var second = new UniformAssignor().assign(new AssignmentSpec(members, TOPICS));
        assertEachPartitionOnce(second, 9);
        for (String m : Set.of("m1", "m2", "m3")) {
            assertEquals(3, count(second.get(m)), m);
        }
        // m1 and m2 each gave up exactly what m3 needed, keeping the rest
        int kept = 0;
        for (String m : Set.of("m1", "m2")) {
            for (var e : second.get(m).entrySet()) {
                for (int p : e.getValue()) {
                    if (first.get(m).getOrDefault(e.getKey(), Set.of()).contains(p)) {
                        kept++;
                    }
                }
            }
        }
        assertEquals(6, kept);
    }

    @Test
    void uniformGivesATopicOnlyToItsSubscribers() {
        Map<String, AssignmentSpec.Member> members = new HashMap<>();
        members.put("m1", member(Set.of(A), Map.of()));
        members.put("m2", member(Set.of(A, B), Map.of()));
        var result = new UniformAssignor().assign(new AssignmentSpec(members, TOPICS));
        assertEachPartitionOnce(result, 9);
        assertTrue(!result.get("m1").containsKey(B));
        assertEquals(Set.of(0, 1, 2), result.get("m2").get(B));
        assertTrue(Math.abs(count(result.get("m1")) - count(result.get("m2"))) <= 1);
    }

    @Test
    void rangeGivesContiguousRangesPerTopic() {
        Map<String, AssignmentSpec.Member> members = new HashMap<>();
        members.put("m2", member(Set.of(A, B), Map.of()));
        members.put("m1", member(Set.of(A, B), Map.of()));
        var result = new RangeAssignor().assign(new AssignmentSpec(members, TOPICS));
        assertEachPartitionOnce(result, 9);
        assertEquals(Map.of(A, Set.of(0, 1, 2), B, Set.of(0, 1)), result.get("m1"));
        assertEquals(Map.of(A, Set.of(3, 4, 5), B, Set.of(2)), result.get("m2"));
    }
}
