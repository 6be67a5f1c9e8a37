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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Kafka 4.4's striped placement, checked against the behaviour its placer documents. */
class StripedPlacementTest {
    private static List<StripedPlacement.Node> nodes(String... racks) {
        List<StripedPlacement.Node> list = new ArrayList<>();
        for (int i = 0; i < racks.length; i++) {
            list.add(new StripedPlacement.Node(i, racks[i], false));
        }
        return list;
    }

    private static String rackOf(List<StripedPlacement.Node> nodes, int id) {
        return nodes.get(id).rack();
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, 1L, 42L, -7L, 123456789L})
    void stripesReplicasOverRacksThenNodes(long seed) {
        List<StripedPlacement.Node> nodes = nodes("a", "a", "a", "b", "b", "b", "c", "c", "c");
        List<List<Integer>> placed = new StripedPlacement(nodes, seed).place(9, 3);
        String previousLeaderRack = null;
        List<Integer> previous = null;
        for (List<Integer> replicas : placed) {
            Set<String> racks = new HashSet<>();
            for (int id : replicas) {
                racks.add(rackOf(nodes, id));
            }
            assertEquals(3, racks.size(), "one replica per rack: " + replicas);
            // the racks follow each other in order from the leader's: a b c, b c a, c a b
            String leaderRack = rackOf(nodes, replicas.get(0));
            assertEquals(next(leaderRack), rackOf(nodes, replicas.get(1)), "striped: " + placed);
            assertEquals(next(next(leaderRack)), rackOf(nodes, replicas.get(2)), "striped: " + placed);
            if (previous != null) {
                assertEquals(next(previousLeaderRack), leaderRack, "each partition starts one rack further: " + placed);
                // and within each rack the next node (the ids of a rack are consecutive, 3 per rack)
                for (int id : replicas) {
                    int before = previous.stream()
                            .filter(r -> r / 3 == id / 3)
                            .findFirst()
                            .orElseThrow();
                    assertEquals(3 * (id / 3) + (before % 3 + 1) % 3, id, "round robin in a rack: " + placed);
                }
            }
            previousLeaderRack = leaderRack;
            previous = replicas;
        }
    }

    private static String next(String rack) {
        return switch (rack) {
            case "a" -> "b";
            case "b" -> "c";
            default -> "a";
        };
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, 3L, 99L})
    void withoutRacksConsecutivePartitionsGetConsecutiveRunsOfNodes(long seed) {
        List<StripedPlacement.Node> nodes = new ArrayList<>();
        for (int id = 1; id <= 5; id++) {
            nodes.add(new StripedPlacement.Node(id, null, false));
        }
        List<List<Integer>> placed = new StripedPlacement(nodes, seed).place(5, 3);
        int first = placed.get(0).get(0);
        for (int p = 0; p < 5; p++) {
            int leader = 1 + Math.floorMod(first - 1 + p, 5);
            assertEquals(
                    List.of(leader, 1 + leader % 5, 1 + (leader + 1) % 5),
                    placed.get(p),
                    "partition " + p + ": " + placed);
        }
    }

    @Test
    void theNextRoundIsShuffledButStillOneReplicaPerNode() {
        List<StripedPlacement.Node> nodes = nodes(null, null, null);
        for (List<Integer> replicas : new StripedPlacement(nodes, 5L).place(30, 3)) {
            assertEquals(Set.of(0, 1, 2), new HashSet<>(replicas));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, 1L, 2L, 3L, 4L, 5L})
    void aStoppedNodeNeverLeadsButHoldsAReplicaWhenEveryNodeIsNeeded(long seed) {
        List<StripedPlacement.Node> nodes = List.of(
                new StripedPlacement.Node(1, "a", false),
                new StripedPlacement.Node(2, "b", true),
                new StripedPlacement.Node(3, "c", false));
        for (List<Integer> replicas : new StripedPlacement(nodes, seed).place(6, 3)) {
            assertFalse(replicas.get(0) == 2, "a fenced node leads: " + replicas);
            assertEquals(Set.of(1, 2, 3), new HashSet<>(replicas));
        }
        for (List<Integer> replicas : new StripedPlacement(nodes, seed).place(6, 1)) {
            assertFalse(replicas.contains(2), "a running node was there: " + replicas);
        }
    }

    @Test
    void aRackOfItsOwnGetsAReplicaOfEveryPartition() {
        // Kafka: the rack goal comes first, so the lone node of rack c holds a replica of every partition
        List<StripedPlacement.Node> nodes = nodes("a", "a", "a", "b", "b", "b", "c");
        for (List<Integer> replicas : new StripedPlacement(nodes, 11L).place(7, 3)) {
            assertTrue(replicas.contains(6), replicas.toString());
        }
    }

    @Test
    void theSameSeedPlacesTheSame() {
        List<StripedPlacement.Node> nodes = nodes("a", "b", "a", "b");
        assertEquals(new StripedPlacement(nodes, 77L).place(12, 2), new StripedPlacement(nodes, 77L).place(12, 2));
    }

    @Test
    void refusesWhatKafkasControllerRefuses() {
        // registered brokers count, fenced ones too; at least one must be unfenced
        assertNull(StripedPlacement.problem(3, 3, 1));
        assertEquals(
                "The target replication factor of 4 cannot be reached because only 3 broker(s) are registered or some"
                        + " brokers have all their log directories cordoned.",
                StripedPlacement.problem(4, 3, 3));
        assertEquals(
                "All brokers are currently fenced, or have all their log directories cordoned.",
                StripedPlacement.problem(1, 3, 0));
        assertEquals(
                "Invalid replication factor 0: the replication factor must be positive.",
                StripedPlacement.problem(0, 3, 3));
        assertThrows(IllegalArgumentException.class, () -> new StripedPlacement(nodes("a"), 1L).place(1, 2));
    }
}
