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

import io.skiff.compat.RealKafka;
import io.skiff.protocol.message.AddRaftVoterRequest;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest.AlterReplicaLogDir;
import io.skiff.protocol.message.AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreateDelegationTokenRequest;
import io.skiff.protocol.message.CreateDelegationTokenRequest.CreatableRenewers;
import io.skiff.protocol.message.DescribeDelegationTokenRequest;
import io.skiff.protocol.message.DescribeDelegationTokenRequest.DescribeDelegationTokenOwner;
import io.skiff.protocol.message.DescribeQuorumRequest;
import io.skiff.protocol.message.ExpireDelegationTokenRequest;
import io.skiff.protocol.message.RemoveRaftVoterRequest;
import io.skiff.protocol.message.RenewDelegationTokenRequest;
import io.skiff.protocol.message.StreamsGroupTopologyDescriptionUpdateRequest;
import io.skiff.protocol.message.UnregisterBrokerRequest;
import io.skiff.protocol.message.UnregisterControllerRequest;
import io.skiff.protocol.message.UpdateFeaturesRequest;
import java.util.List;
import java.util.UUID;

/**
 * Edge cases of the APIs a one-node Skiff answers as a single-node Kafka without the machinery behind them: the
 * metadata quorum (asked for a partition other than __cluster_metadata-0), delegation tokens (refused on PLAINTEXT)
 * replica log directories (a path that is not a log directory), broker and controller registrations (ids never
 * registered), voter changes (a static quorum refuses them) and topology descriptions (no plugin on the broker).
 * Part of {@link HandWrittenCorpus}.
 */
final class QuorumAndTokenCorpus {
    private QuorumAndTokenCorpus() {}

    static void add(List<DifferentialCase> cases) {
        addFeatureUpdates(cases);
        // Never the reference Kafka's own id: its broker would stay unregistered until it restarts (its heartbeats get
        // STALE_BROKER_EPOCH and Metadata lists no broker), breaking every test that runs after.
        cases.add(of(
                ApiKeys.UNREGISTER_BROKER,
                "a broker id never registered",
                v -> new UnregisterBrokerRequest().setBrokerId(99)));
        cases.add(of(
                ApiKeys.UNREGISTER_CONTROLLER,
                "a controller id never registered",
                v -> new UnregisterControllerRequest().setControllerId(99)));
        cases.add(of(
                ApiKeys.UNREGISTER_CONTROLLER,
                "the active controller itself (refused)",
                v -> new UnregisterControllerRequest().setControllerId(RealKafka.NODE_ID)));
        // A static quorum refuses every change of voters, so none of these changes the reference Kafka.
        cases.add(of(
                ApiKeys.ADD_RAFT_VOTER,
                "another cluster's id",
                v -> new AddRaftVoterRequest()
                        .setClusterId("another-cluster")
                        .setVoterId(2)
                        .setVoterDirectoryId(UUID.randomUUID())));
        cases.add(of(
                ApiKeys.ADD_RAFT_VOTER,
                "no directory id",
                v -> new AddRaftVoterRequest().setClusterId(null).setVoterId(2)));
        // The quorum's listener is Kafka's CONTROLLER and, on Skiff, the one the request came in on: given both, the
        // request passes the endpoint check on both brokers.
        cases.add(of(ApiKeys.ADD_RAFT_VOTER, "a new voter with endpoints", v -> {
            AddRaftVoterRequest r = new AddRaftVoterRequest()
                    .setClusterId(RealKafka.CLUSTER_ID)
                    .setTimeoutMs(5_000)
                    .setVoterId(2)
                    .setVoterDirectoryId(UUID.randomUUID());
            for (String listener : List.of("CONTROLLER", "PLAINTEXT")) {
                r.listeners()
                        .add(new AddRaftVoterRequest.Listener()
                                .setName(listener)
                                .setHost("127.0.0.1")
                                .setPort(1));
            }
            return r;
        }));
        cases.add(of(
                ApiKeys.REMOVE_RAFT_VOTER,
                "another cluster's id",
                v -> new RemoveRaftVoterRequest()
                        .setClusterId("another-cluster")
                        .setVoterId(RealKafka.NODE_ID)
                        .setVoterDirectoryId(UUID.randomUUID())));
        cases.add(of(
                ApiKeys.REMOVE_RAFT_VOTER,
                "no directory id",
                v -> new RemoveRaftVoterRequest().setClusterId(null).setVoterId(RealKafka.NODE_ID)));
        cases.add(of(
                ApiKeys.REMOVE_RAFT_VOTER,
                "the only voter, with the cluster's id",
                v -> new RemoveRaftVoterRequest()
                        .setClusterId(RealKafka.CLUSTER_ID)
                        .setVoterId(RealKafka.NODE_ID)
                        .setVoterDirectoryId(UUID.randomUUID())));
        cases.add(of(
                ApiKeys.STREAMS_GROUP_TOPOLOGY_DESCRIPTION_UPDATE,
                "a group that does not exist",
                v -> new StreamsGroupTopologyDescriptionUpdateRequest()
                        .setGroupId(MISSING)
                        .setMemberId("m-1")
                        .setTopologyEpoch(1)));
        cases.add(of(
                ApiKeys.DESCRIBE_QUORUM,
                "a data topic, two partitions",
                v -> new DescribeQuorumRequest()
                        .setTopics(list(new DescribeQuorumRequest.TopicData()
                                .setTopicName(TOPIC)
                                .setPartitions(list(
                                        new DescribeQuorumRequest.PartitionData().setPartitionIndex(0),
                                        new DescribeQuorumRequest.PartitionData().setPartitionIndex(1)))))));
        cases.add(of(
                ApiKeys.DESCRIBE_QUORUM,
                "metadata partition 1",
                v -> new DescribeQuorumRequest()
                        .setTopics(list(new DescribeQuorumRequest.TopicData()
                                .setTopicName("__cluster_metadata")
                                .setPartitions(
                                        list(new DescribeQuorumRequest.PartitionData().setPartitionIndex(1)))))));
        cases.add(of(ApiKeys.CREATE_DELEGATION_TOKEN, "renewers, max lifetime", v -> {
            CreateDelegationTokenRequest r = new CreateDelegationTokenRequest().setMaxLifetimeMs(60_000);
            r.renewers().add(new CreatableRenewers().setPrincipalType("User").setPrincipalName("bob"));
            return r;
        }));
        cases.add(of(
                ApiKeys.CREATE_DELEGATION_TOKEN,
                "for another owner",
                3,
                v -> new CreateDelegationTokenRequest()
                        .setOwnerPrincipalType("User")
                        .setOwnerPrincipalName("carol")
                        .setMaxLifetimeMs(-1)));
        cases.add(of(
                ApiKeys.RENEW_DELEGATION_TOKEN,
                "unknown hmac",
                v -> new RenewDelegationTokenRequest()
                        .setHmac(new byte[] {1, 2, 3})
                        .setRenewPeriodMs(1000)));
        cases.add(of(
                ApiKeys.EXPIRE_DELEGATION_TOKEN,
                "unknown hmac, at once",
                v -> new ExpireDelegationTokenRequest()
                        .setHmac(new byte[] {1, 2, 3})
                        .setExpiryTimePeriodMs(-1)));
        cases.add(of(
                ApiKeys.DESCRIBE_DELEGATION_TOKEN,
                "all owners",
                v -> new DescribeDelegationTokenRequest().setOwners(null)));
        cases.add(of(
                ApiKeys.DESCRIBE_DELEGATION_TOKEN,
                "one owner",
                v -> new DescribeDelegationTokenRequest()
                        .setOwners(list(new DescribeDelegationTokenOwner()
                                .setPrincipalType("User")
                                .setPrincipalName("bob")))));
        cases.add(of(
                ApiKeys.ALTER_REPLICA_LOG_DIRS,
                "not a log dir",
                v -> new AlterReplicaLogDirsRequest()
                        .setDirs(list(new AlterReplicaLogDir()
                                .setPath("/no/such/dir")
                                .setTopics(list(
                                        // one partition a topic: Kafka orders a topic's partitions by its hash map
                                        new AlterReplicaLogDirTopic()
                                                .setName(TOPIC)
                                                .setPartitions(list(1)),
                                        new AlterReplicaLogDirTopic()
                                                .setName(MISSING)
                                                .setPartitions(list(0))))))));
    }

    /**
     * UpdateFeatures cases that leave the shared reference Kafka as it is: validate-only changes and refusals (at v0,
     * which has no validate-only flag, only refusals).
     */
    private static void addFeatureUpdates(List<DifferentialCase> cases) {
        cases.add(of(
                ApiKeys.UPDATE_FEATURES,
                "transaction.version beyond its range",
                v -> featureUpdate("transaction.version", 3, 1, false)));
        cases.add(of(
                ApiKeys.UPDATE_FEATURES,
                "a downgrade asked as an upgrade",
                v -> featureUpdate("transaction.version", 1, 1, false)));
        cases.add(of(
                ApiKeys.UPDATE_FEATURES,
                "validate only: transaction.version down to 1",
                1,
                v -> featureUpdate("transaction.version", 1, 2, true)));
        cases.add(of(
                ApiKeys.UPDATE_FEATURES,
                "validate only: disable group.version and eligible.leader.replicas.version",
                1,
                v -> {
                    UpdateFeaturesRequest r = featureUpdate("group.version", 0, 2, true);
                    r.featureUpdates()
                            .add(new UpdateFeaturesRequest.FeatureUpdateKey()
                                    .setFeature("eligible.leader.replicas.version")
                                    .setMaxVersionLevel((short) 0)
                                    .setUpgradeType((byte) 2));
                    return r;
                }));
        cases.add(of(
                ApiKeys.UPDATE_FEATURES,
                "an unknown feature disabled",
                1,
                v -> featureUpdate("foo.version", 0, 2, true)));
        cases.add(of(
                ApiKeys.UPDATE_FEATURES,
                "metadata.version unsafely downgraded",
                1,
                v -> featureUpdate("metadata.version", 30, 3, true)));
        cases.add(of(
                ApiKeys.UPDATE_FEATURES,
                "kraft.version downgraded",
                1,
                v -> featureUpdate("kraft.version", 0, 2, true)));
        cases.add(of(ApiKeys.UPDATE_FEATURES, "upgrade type 4", 1, v -> featureUpdate("group.version", 1, 4, true)));
    }

    private static UpdateFeaturesRequest featureUpdate(
            String feature, int level, int upgradeType, boolean validateOnly) {
        UpdateFeaturesRequest r = new UpdateFeaturesRequest().setValidateOnly(validateOnly);
        r.featureUpdates()
                .add(new UpdateFeaturesRequest.FeatureUpdateKey()
                        .setFeature(feature)
                        .setMaxVersionLevel((short) level)
                        .setUpgradeType((byte) upgradeType));
        return r;
    }
}
