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
package io.skiff.compat.differential;

import static io.skiff.compat.differential.DifferentialCase.of;
import static io.skiff.compat.differential.HandWrittenCorpus.MISSING;
import static io.skiff.compat.differential.HandWrittenCorpus.TOPIC;
import static io.skiff.compat.differential.HandWrittenCorpus.list;

import io.skiff.protocol.message.AlterPartitionReassignmentsRequest;
import io.skiff.protocol.message.AlterPartitionReassignmentsRequest.ReassignablePartition;
import io.skiff.protocol.message.AlterPartitionReassignmentsRequest.ReassignableTopic;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ElectLeadersRequest;
import io.skiff.protocol.message.ElectLeadersRequest.ElectLeadersTopicPartitions;
import io.skiff.protocol.message.ListConfigResourcesRequest;
import io.skiff.protocol.message.ListPartitionReassignmentsRequest;
import io.skiff.protocol.message.ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics;
import java.util.List;

/**
 * Edge cases of the cluster-administration APIs a one-node cluster answers without moving anything: leader
 * election, partition reassignment and the listing of config resources (part of {@link HandWrittenCorpus}).
 */
final class PartitionAdminCorpus {
    private PartitionAdminCorpus() {}

    static void add(List<DifferentialCase> cases) {
        cases.add(of(ApiKeys.ELECT_LEADERS, "all partitions", v -> new ElectLeadersRequest().setTopicPartitions(null)));
        cases.add(of(ApiKeys.ELECT_LEADERS, "named, unknown partition and topic", v -> elect((byte) 0)));
        cases.add(of(ApiKeys.ELECT_LEADERS, "unclean, named", 1, v -> elect((byte) 1)));
        cases.add(of(
                ApiKeys.ALTER_PARTITION_REASSIGNMENTS,
                "this node, another, twice, empty, unknown partition and topic",
                v -> new AlterPartitionReassignmentsRequest()
                        .setTopics(list(
                                new ReassignableTopic()
                                        .setName(TOPIC)
                                        .setPartitions(list(
                                                reassign(0, 1),
                                                reassign(1, 2),
                                                reassign(2, 1, 1),
                                                reassign(0),
                                                reassign(1, 1, 2),
                                                reassign(7, 1))),
                                new ReassignableTopic().setName(MISSING).setPartitions(list(reassign(0, 1)))))));
        cases.add(of(
                ApiKeys.ALTER_PARTITION_REASSIGNMENTS,
                "cancel none in progress",
                v -> new AlterPartitionReassignmentsRequest()
                        .setTopics(list(new ReassignableTopic()
                                .setName(TOPIC)
                                .setPartitions(list(new ReassignablePartition()
                                        .setPartitionIndex(1)
                                        .setReplicas(null)))))));
        cases.add(of(
                ApiKeys.ALTER_PARTITION_REASSIGNMENTS,
                "replication factor change not allowed",
                1,
                v -> new AlterPartitionReassignmentsRequest()
                        .setAllowReplicationFactorChange(false)
                        .setTopics(list(new ReassignableTopic()
                                .setName(TOPIC)
                                .setPartitions(list(reassign(0, 1), reassign(1, 1, 2)))))));
        cases.add(of(
                ApiKeys.LIST_PARTITION_REASSIGNMENTS,
                "all",
                v -> new ListPartitionReassignmentsRequest().setTopics(null)));
        cases.add(of(
                ApiKeys.LIST_PARTITION_REASSIGNMENTS,
                "named, unknown partition and topic",
                v -> new ListPartitionReassignmentsRequest()
                        .setTopics(list(
                                new ListPartitionReassignmentsTopics()
                                        .setName(TOPIC)
                                        .setPartitionIndexes(list(0, 9)),
                                new ListPartitionReassignmentsTopics()
                                        .setName(MISSING)
                                        .setPartitionIndexes(list(0))))));
        cases.add(of(
                ApiKeys.LIST_CONFIG_RESOURCES,
                "topics and the broker",
                1,
                v -> new ListConfigResourcesRequest().setResourceTypes(list((byte) 2, (byte) 4))));
        cases.add(of(
                ApiKeys.LIST_CONFIG_RESOURCES,
                "groups and client metrics",
                1,
                v -> new ListConfigResourcesRequest().setResourceTypes(list((byte) 32, (byte) 16))));
        cases.add(of(
                ApiKeys.LIST_CONFIG_RESOURCES,
                "an unknown type",
                1,
                v -> new ListConfigResourcesRequest().setResourceTypes(list((byte) 4, (byte) 0))));
    }

    private static ElectLeadersRequest elect(byte type) {
        return new ElectLeadersRequest()
                .setElectionType(type)
                .setTopicPartitions(list(
                        new ElectLeadersTopicPartitions().setTopic(TOPIC).setPartitions(list(0, 2, 9, -1)),
                        new ElectLeadersTopicPartitions().setTopic(MISSING).setPartitions(list(0))));
    }

    private static ReassignablePartition reassign(int partition, Integer... replicas) {
        return new ReassignablePartition().setPartitionIndex(partition).setReplicas(list(replicas));
    }
}
