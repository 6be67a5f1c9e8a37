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
package io.skiff.broker.handler;

import io.skiff.protocol.Errors;
import java.util.ArrayList;
import java.util.List;

/**
 * Kafka's check of a manual replica list (CreatePartitions assignments, AlterPartitionReassignments targets) on a
 * one-node cluster: not empty, then in broker id order every id must be this node's and appear once, with
 * Kafka's INVALID_REPLICA_ASSIGNMENT messages.
 *
 * <p>Stateless; thread-safe.
 */
final class ReplicaAssignment {
    private ReplicaAssignment() {}

    /** {@link ResourceError#NONE} when {@code replicas} names this node exactly once, else Kafka's error. */
    static ResourceError check(List<Integer> replicas, int nodeId) {
        return check(replicas, List.of(nodeId));
    }

    /**
     * Kafka's check of a manual replica list on a simulated cluster: not empty, every id a node of it, none twice.
     */
    static ResourceError check(List<Integer> replicas, List<Integer> nodes) {
        if (replicas.isEmpty()) {
            return invalid("The manual partition assignment includes an empty replica list.");
        }
        List<Integer> sorted = new ArrayList<>(replicas);
        sorted.sort(Integer::compare);
        Integer previous = null;
        for (Integer broker : sorted) {
            if (!nodes.contains(broker)) {
                return invalid("The manual partition assignment includes broker " + broker
                        + ", but no such broker is registered.");
            }
            if (broker.equals(previous)) {
                return invalid("The manual partition assignment includes the broker " + previous + " more than once.");
            }
            previous = broker;
        }
        return ResourceError.NONE;
    }

    private static ResourceError invalid(String message) {
        return ResourceError.of(Errors.INVALID_REPLICA_ASSIGNMENT, message);
    }
}
