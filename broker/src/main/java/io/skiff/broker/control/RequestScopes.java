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
package io.skiff.broker.control;

import io.skiff.broker.fetch.FetchPartitionKey;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.AddOffsetsToTxnRequest;
import io.skiff.protocol.message.AddPartitionsToTxnRequest;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.CreatePartitionsRequest;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.DeleteGroupsRequest;
import io.skiff.protocol.message.DeleteRecordsRequest;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.DescribeProducersRequest;
import io.skiff.protocol.message.EndTxnRequest;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FindCoordinatorRequest;
import io.skiff.protocol.message.HeartbeatRequest;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.ListOffsetsRequest;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetDeleteRequest;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.SyncGroupRequest;
import io.skiff.protocol.message.TxnOffsetCommitRequest;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Reads a {@link RequestScope} out of a decoded request: the topics and partitions, groups and transactional ids of
 * the APIs that name them. APIs not listed here match rules on API, version, client id and listener only.
 *
 * <p>Thread-safe: stateless apart from the topic-id resolver, which must be thread-safe.
 */
final class RequestScopes {
    /** FindCoordinator's key type of a transactional id (0 is a group). */
    private static final byte TRANSACTION_KEY = 1;

    private final Function<UUID, Optional<String>> topicNames;

    RequestScopes(Function<UUID, Optional<String>> topicNames) {
        this.topicNames = topicNames;
    }

    /** @param sessionPartitions the partitions of the receiving node's fetch session, by session id */
    RequestScope of(
            ApiKeys api,
            short version,
            String clientId,
            String listener,
            ApiMessage request,
            IntFunction<List<FetchPartitionKey>> sessionPartitions) {
        Builder b = new Builder();
        switch (api) {
            case PRODUCE -> {
                ProduceRequest r = (ProduceRequest) request;
                b.txn(r.transactionalId());
                r.topicData()
                        .forEach(t -> t.partitionData().forEach(p -> b.partition(t.name(), t.topicId(), p.index())));
            }
            case FETCH -> {
                FetchRequest r = (FetchRequest) request;
                r.topics()
                        .forEach(t -> t.partitions().forEach(p -> b.partition(t.topic(), t.topicId(), p.partition())));
                if (r.sessionId() != 0 && r.sessionEpoch() > 0) { // incremental: it reads its session's partitions too
                    sessionPartitions
                            .apply(r.sessionId())
                            .forEach(k -> b.partition(k.topic(), k.topicId(), k.partition()));
                }
            }
            case LIST_OFFSETS ->
                ((ListOffsetsRequest) request)
                        .topics()
                        .forEach(t -> t.partitions().forEach(p -> b.partition(t.name(), null, p.partitionIndex())));
            case METADATA -> {
                MetadataRequest r = (MetadataRequest) request;
                if (r.topics() != null) {
                    r.topics().forEach(t -> b.topic(t.name(), t.topicId()));
                }
            }
            case OFFSET_FOR_LEADER_EPOCH ->
                ((OffsetForLeaderEpochRequest) request)
                        .topics()
                        .forEach(t -> t.partitions().forEach(p -> b.partition(t.topic(), null, p.partition())));
            case DELETE_RECORDS ->
                ((DeleteRecordsRequest) request)
                        .topics()
                        .forEach(t -> t.partitions().forEach(p -> b.partition(t.name(), null, p.partitionIndex())));
            case DESCRIBE_PRODUCERS ->
                ((DescribeProducersRequest) request)
                        .topics()
                        .forEach(t -> t.partitionIndexes().forEach(p -> b.partition(t.name(), null, p)));
            case OFFSET_COMMIT -> {
                OffsetCommitRequest r = (OffsetCommitRequest) request;
                b.group(r.groupId());
                r.topics().forEach(t -> t.partitions().forEach(p -> b.partition(t.name(), null, p.partitionIndex())));
            }
            case OFFSET_FETCH -> {
                OffsetFetchRequest r = (OffsetFetchRequest) request;
                b.group(r.groupId());
                if (r.topics() != null) {
                    r.topics().forEach(t -> t.partitionIndexes().forEach(p -> b.partition(t.name(), null, p)));
                }
                for (OffsetFetchRequest.OffsetFetchRequestGroup g : r.groups()) {
                    b.group(g.groupId());
                    if (g.topics() != null) {
                        g.topics().forEach(t -> t.partitionIndexes().forEach(p -> b.partition(t.name(), null, p)));
                    }
                }
            }
            case OFFSET_DELETE -> {
                OffsetDeleteRequest r = (OffsetDeleteRequest) request;
                b.group(r.groupId());
                r.topics().forEach(t -> t.partitions().forEach(p -> b.partition(t.name(), null, p.partitionIndex())));
            }
            case JOIN_GROUP -> b.group(((JoinGroupRequest) request).groupId());
            case SYNC_GROUP -> b.group(((SyncGroupRequest) request).groupId());
            case HEARTBEAT -> b.group(((HeartbeatRequest) request).groupId());
            case LEAVE_GROUP -> b.group(((LeaveGroupRequest) request).groupId());
            case CONSUMER_GROUP_HEARTBEAT -> b.group(((ConsumerGroupHeartbeatRequest) request).groupId());
            case DESCRIBE_GROUPS -> ((DescribeGroupsRequest) request).groups().forEach(b::group);
            case DELETE_GROUPS -> ((DeleteGroupsRequest) request).groupsNames().forEach(b::group);
            case FIND_COORDINATOR -> {
                FindCoordinatorRequest r = (FindCoordinatorRequest) request;
                boolean txn = r.keyType() == TRANSACTION_KEY;
                b.key(txn, r.key());
                r.coordinatorKeys().forEach(k -> b.key(txn, k));
            }
            case INIT_PRODUCER_ID -> b.txn(((InitProducerIdRequest) request).transactionalId());
            case END_TXN -> b.txn(((EndTxnRequest) request).transactionalId());
            case ADD_OFFSETS_TO_TXN -> {
                AddOffsetsToTxnRequest r = (AddOffsetsToTxnRequest) request;
                b.txn(r.transactionalId());
                b.group(r.groupId());
            }
            case TXN_OFFSET_COMMIT -> {
                TxnOffsetCommitRequest r = (TxnOffsetCommitRequest) request;
                b.txn(r.transactionalId());
                b.group(r.groupId());
                r.topics().forEach(t -> t.partitions().forEach(p -> b.partition(t.name(), null, p.partitionIndex())));
            }
            case ADD_PARTITIONS_TO_TXN -> {
                AddPartitionsToTxnRequest r = (AddPartitionsToTxnRequest) request;
                b.txn(r.v3AndBelowTransactionalId());
                r.v3AndBelowTopics().forEach(t -> t.partitions().forEach(p -> b.partition(t.name(), null, p)));
                for (AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction tx : r.transactions()) {
                    b.txn(tx.transactionalId());
                    tx.topics().forEach(t -> t.partitions().forEach(p -> b.partition(t.name(), null, p)));
                }
            }
            case CREATE_TOPICS -> ((CreateTopicsRequest) request).topics().forEach(t -> b.topic(t.name(), null));
            case DELETE_TOPICS -> {
                DeleteTopicsRequest r = (DeleteTopicsRequest) request;
                r.topicNames().forEach(name -> b.topic(name, null));
                r.topics().forEach(t -> b.topic(t.name(), t.topicId()));
            }
            case CREATE_PARTITIONS ->
                ((CreatePartitionsRequest) request).topics().forEach(t -> b.topic(t.name(), null));
            default -> {
                // matched on API, version, client id and listener only
            }
        }
        return new RequestScope(api, version, clientId, listener, b.partitions, b.groups, b.txns);
    }

    private final class Builder {
        final Map<String, Set<Integer>> partitions = new LinkedHashMap<>();
        final Set<String> groups = new HashSet<>();
        final Set<String> txns = new HashSet<>();

        void topic(String name, UUID id) {
            String resolved = name(name, id);
            if (resolved != null) {
                partitions.computeIfAbsent(resolved, k -> new HashSet<>());
            }
        }

        void partition(String name, UUID id, int partition) {
            String resolved = name(name, id);
            if (resolved != null) {
                partitions.computeIfAbsent(resolved, k -> new HashSet<>()).add(partition);
            }
        }

        private String name(String name, UUID id) {
            if (name != null && !name.isEmpty()) {
                return name;
            }
            if (id == null || (id.getMostSignificantBits() == 0 && id.getLeastSignificantBits() == 0)) {
                return null;
            }
            return topicNames.apply(id).orElse(null);
        }

        void group(String id) {
            if (id != null && !id.isEmpty()) {
                groups.add(id);
            }
        }

        void txn(String id) {
            if (id != null && !id.isEmpty()) {
                txns.add(id);
            }
        }

        void key(boolean transactional, String key) {
            if (transactional) {
                txn(key);
            } else {
                group(key);
            }
        }
    }
}
