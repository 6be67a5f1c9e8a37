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

import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.message.AddOffsetsToTxnRequest;
import io.skiff.protocol.message.AddPartitionsToTxnRequest;
import io.skiff.protocol.message.AlterClientQuotasRequest;
import io.skiff.protocol.message.AlterConfigsRequest;
import io.skiff.protocol.message.AlterUserScramCredentialsRequest;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.ConsumerGroupDescribeRequest;
import io.skiff.protocol.message.ConsumerGroupHeartbeatRequest;
import io.skiff.protocol.message.CreateAclsRequest;
import io.skiff.protocol.message.CreatePartitionsRequest;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.DeleteAclsRequest;
import io.skiff.protocol.message.DeleteGroupsRequest;
import io.skiff.protocol.message.DeleteRecordsRequest;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.DescribeAclsRequest;
import io.skiff.protocol.message.DescribeClientQuotasRequest;
import io.skiff.protocol.message.DescribeClusterRequest;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.DescribeLogDirsRequest;
import io.skiff.protocol.message.DescribeProducersRequest;
import io.skiff.protocol.message.DescribeTopicPartitionsRequest;
import io.skiff.protocol.message.DescribeTransactionsRequest;
import io.skiff.protocol.message.DescribeUserScramCredentialsRequest;
import io.skiff.protocol.message.EndTxnRequest;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FindCoordinatorRequest;
import io.skiff.protocol.message.GetTelemetrySubscriptionsRequest;
import io.skiff.protocol.message.HeartbeatRequest;
import io.skiff.protocol.message.IncrementalAlterConfigsRequest;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.JoinGroupRequest;
import io.skiff.protocol.message.LeaveGroupRequest;
import io.skiff.protocol.message.ListGroupsRequest;
import io.skiff.protocol.message.ListOffsetsRequest;
import io.skiff.protocol.message.ListTransactionsRequest;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetDeleteRequest;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.OffsetForLeaderEpochRequest;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.protocol.message.PushTelemetryRequest;
import io.skiff.protocol.message.StreamsGroupDescribeRequest;
import io.skiff.protocol.message.StreamsGroupHeartbeatRequest;
import io.skiff.protocol.message.SyncGroupRequest;
import io.skiff.protocol.message.TxnOffsetCommitRequest;
import io.skiff.protocol.message.WriteTxnMarkersRequest;
import io.skiff.record.RecordBatchBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Hand-written edge cases, per API: unknown topics, topic ids and partitions; invalid names; empty, null and duplicate
 * entries; negative and huge sizes, offsets and timeouts; fields of newer versions used at older ones; deleted
 * topics, empty groups, wrong generations, unknown members. Each applies at every version both brokers advertise
 * (and the request can express). Besides these, every advertised API gets a request with every field at its default.
 *
 * <p>The state both brokers start from ({@link #TOPIC} with {@link #PARTITIONS} partitions and
 * {@link #RECORDS_IN_P0} records in partition 0) is set up by the test; names are prefixed so that other test
 * classes sharing the real Kafka do not collide.
 *
 * <p>Stateless.
 */
final class HandWrittenCorpus {
    static final String TOPIC = "hw-topic";
    static final int PARTITIONS = 3;
    static final int RECORDS_IN_P0 = 3;
    static final String MISSING = "hw-missing";
    static final String GROUP = "hw-group";
    static final UUID UNKNOWN_ID = UUID.fromString("5c6fdb1b-52d4-4c7a-9bd8-2df9c4fb4a61");
    /**
     * The CreateTime of every record of the corpus: fixed once per run, so both brokers store and return the same
     * bytes, and recent, so that neither broker's retention (7 days) deletes the records during the run.
     */
    static final long CREATE_TIME = System.currentTimeMillis() / 1000 * 1000 - 3_600_000L;

    private HandWrittenCorpus() {}

    static List<DifferentialCase> cases() {
        List<DifferentialCase> cases = new ArrayList<>();
        metadata(cases);
        produceAndFetch(cases);
        listOffsets(cases);
        groups(cases);
        topicsAdmin(cases);
        alterConfigs(cases);
        securityAndNewGroups(cases);
        transactions(cases);
        transactionAdmin(cases);
        misc(cases);
        PartitionAdminCorpus.add(cases);
        QuorumAndTokenCorpus.add(cases);
        GroupConfigCorpus.add(cases);
        HeartbeatFieldsCorpus.add(cases);
        ShareGroupCorpus.add(cases);
        return cases;
    }

    /**
     * Every field at its default: the smallest request of each API. Not for AddPartitionsToTxn v4+ (the brokers'
     * batched form): Kafka 4.1 never answers that one from a client.
     */
    private static ApiVersionsRequest apiVersions(String clusterId, int nodeId) {
        return new ApiVersionsRequest()
                .setClientSoftwareName("skiff-differential")
                .setClientSoftwareVersion("1.0")
                .setClusterId(clusterId)
                .setNodeId(nodeId);
    }

    /** A topic id neither broker gave a topic. */
    private static final UUID NO_SUCH_TOPIC_ID = new UUID(0x5c1ffL, 0x1d5L);

    static DifferentialCase defaults(ApiKeys api) {
        int maxVersion = api == ApiKeys.ADD_PARTITIONS_TO_TXN ? 3 : Short.MAX_VALUE;
        return of(api, "every field at its default", 0, maxVersion, v -> api.newRequest());
    }

    /** The batch both brokers get in partition 0 at start: {@link #RECORDS_IN_P0} records. */
    static ByteBufferRecords initialBatch() {
        RecordBatchBuilder b = new RecordBatchBuilder(0, CREATE_TIME);
        for (int i = 0; i < RECORDS_IN_P0; i++) {
            b.add(
                    CREATE_TIME + i,
                    ("k" + i).getBytes(StandardCharsets.UTF_8),
                    ("v" + i).getBytes(StandardCharsets.UTF_8));
        }
        return new ByteBufferRecords(b.build());
    }

    private static void metadata(List<DifferentialCase> cases) {
        ApiKeys m = ApiKeys.METADATA;
        cases.add(of(m, "known topic by name", v -> metadataByName(false, TOPIC)));
        cases.add(of(m, "unknown topic, no auto-create", 4, v -> metadataByName(false, MISSING)));
        cases.add(of(m, "duplicate names", 4, v -> metadataByName(false, TOPIC, TOPIC)));
        cases.add(of(m, "invalid name, auto-create allowed", 4, v -> metadataByName(true, "hw bad name!")));
        cases.add(of(m, "empty name, auto-create allowed", 4, v -> metadataByName(true, "")));
        cases.add(of(m, "name too long, no auto-create", 4, v -> metadataByName(false, "x".repeat(250))));
        cases.add(of(m, "internal topic by name", 4, v -> metadataByName(false, "__consumer_offsets")));
        cases.add(of(m, "empty list", v -> new MetadataRequest().setTopics(new ArrayList<>())));
        cases.add(of(m, "unknown topic id", 10, v -> metadataById(UNKNOWN_ID)));
        cases.add(of(m, "unknown topic id and a name", 10, v -> {
            MetadataRequest r = metadataByName(false, TOPIC);
            r.topics()
                    .add(new MetadataRequest.MetadataRequestTopic()
                            .setTopicId(UNKNOWN_ID)
                            .setName(null));
            return r;
        }));
        cases.add(of(
                m,
                "name and id both null",
                10,
                v -> new MetadataRequest().setTopics(list(new MetadataRequest.MetadataRequestTopic().setName(null)))));
        cases.add(of(
                m,
                "authorized operations asked",
                8,
                v -> metadataByName(false, TOPIC)
                        .setIncludeClusterAuthorizedOperations(v <= 10)
                        .setIncludeTopicAuthorizedOperations(true)));
    }

    private static MetadataRequest metadataByName(boolean autoCreate, String... names) {
        List<MetadataRequest.MetadataRequestTopic> topics = new ArrayList<>();
        for (String n : names) {
            topics.add(new MetadataRequest.MetadataRequestTopic().setName(n));
        }
        return new MetadataRequest().setTopics(topics).setAllowAutoTopicCreation(autoCreate);
    }

    private static MetadataRequest metadataById(UUID id) {
        return new MetadataRequest()
                .setTopics(list(new MetadataRequest.MetadataRequestTopic()
                        .setTopicId(id)
                        .setName(null)))
                .setAllowAutoTopicCreation(false);
    }

    private static void produceAndFetch(List<DifferentialCase> cases) {
        ApiKeys p = ApiKeys.PRODUCE;
        cases.add(of(p, "unknown topic", v -> produce(MISSING, 0, (short) 1)));
        cases.add(of(p, "unknown partition", v -> produce(TOPIC, 7, (short) 1)));
        cases.add(of(p, "negative partition", v -> produce(TOPIC, -1, (short) 1)));
        cases.add(of(p, "invalid acks", v -> produce(TOPIC, 1, (short) 5)));
        cases.add(
                of(p, "no topics", v -> new ProduceRequest().setAcks((short) 1).setTimeoutMs(1000)));
        // (Null records are not in the corpus: Kafka 4.1 never answers such a Produce request.)
        cases.add(of(p, "empty records", v -> {
            ProduceRequest r = produce(TOPIC, 1, (short) 1);
            r.topicData()
                    .get(0)
                    .partitionData()
                    .get(0)
                    .setRecords(new ByteBufferRecords(java.nio.ByteBuffer.allocate(0)));
            return r;
        }));
        cases.add(DifferentialCase.withIds(p, "known topic by id, unknown partition", 13, (v, ids) -> {
            ProduceRequest r = produce("", 5, (short) 1);
            r.topicData().get(0).setTopicId(ids.apply(TOPIC));
            return r;
        }));
        cases.add(DifferentialCase.withIds(p, "known topic by id, invalid acks", 13, (v, ids) -> {
            ProduceRequest r = produce("", 1, (short) 2);
            r.topicData().get(0).setTopicId(ids.apply(TOPIC));
            return r;
        }));
        cases.add(of(p, "unknown topic id", 13, v -> {
            ProduceRequest r = produce("", 0, (short) 1);
            r.topicData().get(0).setTopicId(UNKNOWN_ID);
            return r;
        }));

        ApiKeys f = ApiKeys.FETCH;
        cases.add(fetchCase("known partition from 0", 0, 0, 1 << 20));
        cases.add(fetchCase("known partition from the middle of a batch", 0, 1, 1 << 20));
        cases.add(fetchCase("offset out of range", 0, 1_000_000, 1 << 20));
        cases.add(fetchCase("negative offset", 0, -5, 1 << 20));
        cases.add(fetchCase("unknown partition", 9, 0, 1 << 20));
        cases.add(fetchCase("empty partition", 2, 0, 1 << 20));
        cases.add(fetchCase("partition max bytes 1", 0, 0, 1));
        cases.add(fetchCase("negative partition max bytes", 0, 0, -1));
        cases.add(of(f, "unknown topic", 4, 12, v -> fetch(MISSING, 0, 0, v)));
        cases.add(of(f, "unknown topic id", 13, v -> fetchById(UNKNOWN_ID)));
        cases.add(DifferentialCase.withIds(
                f,
                "zero max bytes",
                4,
                (v, ids) -> fetchOf(v, ids, 0, 0, 1 << 20).setMaxBytes(0)));
        cases.add(of(
                f,
                "no topics",
                v -> new FetchRequest().setMaxWaitMs(0).setMaxBytes(1024).setReplicaId(-1)));
    }

    private static ProduceRequest produce(String topic, int partition, short acks) {
        return new ProduceRequest()
                .setAcks(acks)
                .setTimeoutMs(5000)
                .setTopicData(list(new ProduceRequest.TopicProduceData()
                        .setName(topic)
                        .setPartitionData(list(new ProduceRequest.PartitionProduceData()
                                .setIndex(partition)
                                .setRecords(new ByteBufferRecords(new RecordBatchBuilder(0, CREATE_TIME)
                                        .add(CREATE_TIME, null, "x".getBytes(StandardCharsets.UTF_8))
                                        .build()))))));
    }

    private static FetchRequest fetch(String topic, int partition, long offset, short version) {
        FetchRequest.FetchTopic t = new FetchRequest.FetchTopic()
                .setTopic(topic)
                .setPartitions(list(new FetchRequest.FetchPartition()
                        .setPartition(partition)
                        .setFetchOffset(offset)
                        .setPartitionMaxBytes(1 << 20)));
        return new FetchRequest()
                .setReplicaId(-1)
                .setMaxWaitMs(0)
                .setMinBytes(0)
                .setMaxBytes(1 << 20)
                .setSessionEpoch(-1)
                .setTopics(list(t));
    }

    /** A fetch of one partition of {@link #TOPIC}: by name up to v12, by the receiving broker's topic id from v13. */
    private static DifferentialCase fetchCase(String name, int partition, long offset, int partitionMaxBytes) {
        return DifferentialCase.withIds(
                ApiKeys.FETCH, name, 4, (v, ids) -> fetchOf(v, ids, partition, offset, partitionMaxBytes));
    }

    private static FetchRequest fetchOf(
            short version, java.util.function.Function<String, UUID> ids, int partition, long offset, int maxBytes) {
        FetchRequest r = fetch(TOPIC, partition, offset, version);
        r.topics().get(0).partitions().get(0).setPartitionMaxBytes(maxBytes);
        if (version >= 13) {
            r.topics().get(0).setTopic("").setTopicId(ids.apply(TOPIC));
        }
        return r;
    }

    private static FetchRequest fetchById(UUID id) {
        FetchRequest r = fetch("", 0, 0, (short) 13);
        r.topics().get(0).setTopicId(id);
        return r;
    }

    private static void listOffsets(List<DifferentialCase> cases) {
        ApiKeys l = ApiKeys.LIST_OFFSETS;
        cases.add(of(l, "latest", v -> listOffsets(TOPIC, 0, -1L)));
        cases.add(of(l, "earliest", v -> listOffsets(TOPIC, 0, -2L)));
        cases.add(of(l, "by time inside the batch", v -> listOffsets(TOPIC, 0, CREATE_TIME + 1)));
        cases.add(of(l, "by time on an empty partition", v -> listOffsets(TOPIC, 1, CREATE_TIME)));
        cases.add(of(l, "the same partition twice", v -> {
            ListOffsetsRequest r = listOffsets(TOPIC, 0, -1L);
            r.topics()
                    .get(0)
                    .partitions()
                    .add(new ListOffsetsRequest.ListOffsetsPartition()
                            .setPartitionIndex(0)
                            .setTimestamp(-2L));
            return r;
        }));
        cases.add(of(l, "max timestamp (-3)", v -> listOffsets(TOPIC, 0, -3L)));
        cases.add(of(l, "earliest local (-4)", v -> listOffsets(TOPIC, 0, -4L)));
        cases.add(of(l, "latest tiered (-5)", v -> listOffsets(TOPIC, 0, -5L)));
        cases.add(of(l, "earliest pending upload (-6)", v -> listOffsets(TOPIC, 0, -6L)));
        cases.add(of(l, "unknown partition and topic", v -> {
            ListOffsetsRequest r = listOffsets(TOPIC, 5, -1L);
            r.topics().addAll(listOffsets(MISSING, 0, -1L).topics());
            return r;
        }));
        cases.add(of(l, "unknown negative timestamp", v -> listOffsets(TOPIC, 0, -42L)));
        cases.add(of(l, "future timestamp", v -> listOffsets(TOPIC, 0, Long.MAX_VALUE)));
    }

    private static ListOffsetsRequest listOffsets(String topic, int partition, long... timestamps) {
        ListOffsetsRequest r = new ListOffsetsRequest().setReplicaId(-1);
        for (long ts : timestamps) {
            r.topics()
                    .add(new ListOffsetsRequest.ListOffsetsTopic()
                            .setName(topic)
                            .setPartitions(list(new ListOffsetsRequest.ListOffsetsPartition()
                                    .setPartitionIndex(partition)
                                    .setTimestamp(ts))));
        }
        return r;
    }

    private static void groups(List<DifferentialCase> cases) {
        cases.add(of(
                ApiKeys.FIND_COORDINATOR,
                "group",
                v -> new FindCoordinatorRequest().setKey(GROUP).setCoordinatorKeys(list(GROUP))));
        cases.add(of(
                ApiKeys.FIND_COORDINATOR,
                "unknown key type",
                v -> new FindCoordinatorRequest()
                        .setKey(GROUP)
                        .setKeyType((byte) 7)
                        .setCoordinatorKeys(list(GROUP))));
        cases.add(of(
                ApiKeys.FIND_COORDINATOR,
                "empty key",
                v -> new FindCoordinatorRequest().setKey("").setCoordinatorKeys(list(""))));
        cases.add(of(ApiKeys.OFFSET_FETCH, "unknown group, named partitions", v -> offsetFetch(GROUP + "-none", v)));
        cases.add(of(ApiKeys.OFFSET_FETCH, "unknown group, all partitions", v -> {
            OffsetFetchRequest r = offsetFetch(GROUP + "-none", v);
            r.setTopics(null);
            if (!r.groups().isEmpty()) {
                r.groups().get(0).setTopics(null);
            }
            return r;
        }));
        cases.add(of(
                ApiKeys.OFFSET_COMMIT,
                "unknown member of an empty group",
                v -> offsetCommit(GROUP + "-commit", 5, "nobody")
                        .setTopics(list(new OffsetCommitRequest.OffsetCommitRequestTopic()
                                .setName(TOPIC)
                                .setPartitions(list(committed(0, 1)))))));
        cases.add(of(
                ApiKeys.OFFSET_COMMIT,
                "unknown partition, simple commit",
                v -> offsetCommit(GROUP + "-simple", -1, "")
                        .setTopics(list(new OffsetCommitRequest.OffsetCommitRequestTopic()
                                .setName(TOPIC)
                                .setPartitions(list(committed(17, 1)))))));
        // v10 (KIP-848): topics by id; an id no topic has (each broker's ids are its own, this one is neither's)
        cases.add(DifferentialCase.withIds(
                ApiKeys.OFFSET_COMMIT,
                "simple commit by topic id, and an unknown id",
                10,
                (v, ids) -> offsetCommit(GROUP + "-ids", -1, "")
                        .setTopics(list(
                                new OffsetCommitRequest.OffsetCommitRequestTopic()
                                        .setTopicId(ids.apply(TOPIC))
                                        .setPartitions(list(committed(0, 2), committed(17, 2))),
                                new OffsetCommitRequest.OffsetCommitRequestTopic()
                                        .setTopicId(NO_SUCH_TOPIC_ID)
                                        .setPartitions(list(committed(0, 2)))))));
        cases.add(DifferentialCase.withIds(
                ApiKeys.OFFSET_FETCH,
                "by topic id after a commit, and an unknown id",
                10,
                (v, ids) -> new OffsetFetchRequest()
                        .setGroups(list(new OffsetFetchRequest.OffsetFetchRequestGroup()
                                .setGroupId(GROUP + "-ids")
                                .setTopics(list(
                                        new OffsetFetchRequest.OffsetFetchRequestTopics()
                                                .setTopicId(ids.apply(TOPIC))
                                                .setPartitionIndexes(list(0, 1)),
                                        new OffsetFetchRequest.OffsetFetchRequestTopics()
                                                .setTopicId(NO_SUCH_TOPIC_ID)
                                                .setPartitionIndexes(list(0))))))));
        cases.add(of(ApiKeys.OFFSET_FETCH, "every committed partition, by topic id", 10, v -> {
            OffsetFetchRequest r = offsetFetch(GROUP + "-ids", v);
            r.groups().get(0).setTopics(null);
            return r;
        }));
        cases.add(of(ApiKeys.JOIN_GROUP, "empty group id", v -> join("", v)));
        cases.add(of(
                ApiKeys.JOIN_GROUP,
                "unknown member id",
                v -> join(GROUP + "-join", v).setMemberId("nobody")));
        cases.add(of(
                ApiKeys.JOIN_GROUP,
                "no protocols",
                v -> join(GROUP + "-join", v).setProtocols(new ArrayList<>())));
        cases.add(of(
                ApiKeys.JOIN_GROUP,
                "inconsistent protocol type",
                v -> join(GROUP + "-join", v).setProtocolType("")));
        cases.add(of(
                ApiKeys.JOIN_GROUP,
                "session timeout too small",
                v -> join(GROUP + "-join", v).setSessionTimeoutMs(1)));
        cases.add(of(
                ApiKeys.HEARTBEAT,
                "unknown group",
                v -> new HeartbeatRequest()
                        .setGroupId(GROUP + "-none")
                        .setGenerationId(1)
                        .setMemberId("nobody")));
        cases.add(of(
                ApiKeys.SYNC_GROUP,
                "unknown group",
                v -> new SyncGroupRequest()
                        .setGroupId(GROUP + "-none")
                        .setGenerationId(1)
                        .setMemberId("nobody")
                        .setProtocolType("consumer")
                        .setProtocolName("range")));
        cases.add(of(
                ApiKeys.LEAVE_GROUP,
                "unknown group",
                v -> new LeaveGroupRequest()
                        .setGroupId(GROUP + "-none")
                        .setMemberId("nobody")
                        .setMembers(list(new LeaveGroupRequest.MemberIdentity().setMemberId("nobody")))));
        cases.add(of(
                ApiKeys.DESCRIBE_GROUPS,
                "unknown, empty and duplicate",
                v -> new DescribeGroupsRequest().setGroups(list(GROUP + "-none", "", GROUP + "-none"))));
        cases.add(of(
                ApiKeys.LIST_GROUPS,
                "state filter",
                4,
                v -> new ListGroupsRequest().setStatesFilter(list("Stable", "NoSuchState"))));
        cases.add(of(
                ApiKeys.DELETE_GROUPS,
                "unknown and empty",
                v -> new DeleteGroupsRequest().setGroupsNames(list(GROUP + "-none", ""))));
        cases.add(of(
                ApiKeys.OFFSET_DELETE,
                "unknown group",
                v -> new OffsetDeleteRequest()
                        .setGroupId(GROUP + "-none")
                        .setTopics(list(new OffsetDeleteRequest.OffsetDeleteRequestTopic()
                                .setName(TOPIC)
                                .setPartitions(list(new OffsetDeleteRequest.OffsetDeleteRequestPartition()
                                        .setPartitionIndex(0)))))));
    }

    static OffsetFetchRequest offsetFetch(String group, short version) {
        if (version >= 8) {
            return new OffsetFetchRequest()
                    .setGroups(list(new OffsetFetchRequest.OffsetFetchRequestGroup()
                            .setGroupId(group)
                            .setTopics(list(new OffsetFetchRequest.OffsetFetchRequestTopics()
                                    .setName(TOPIC)
                                    .setPartitionIndexes(list(0, 1))))));
        }
        return new OffsetFetchRequest()
                .setGroupId(group)
                .setTopics(list(new OffsetFetchRequest.OffsetFetchRequestTopic()
                        .setName(TOPIC)
                        .setPartitionIndexes(list(0, 1))));
    }

    static JoinGroupRequest join(String group, short version) {
        return new JoinGroupRequest()
                .setGroupId(group)
                .setSessionTimeoutMs(10_000)
                .setRebalanceTimeoutMs(10_000)
                .setMemberId("")
                .setProtocolType("consumer")
                .setProtocols(list(new JoinGroupRequest.JoinGroupRequestProtocol().setName("range")));
    }

    private static void topicsAdmin(List<DifferentialCase> cases) {
        ApiKeys c = ApiKeys.CREATE_TOPICS;
        cases.add(of(
                c,
                "existing, invalid, duplicate, validate only",
                v -> new CreateTopicsRequest()
                        .setTimeoutMs(10_000)
                        .setValidateOnly(true)
                        .setTopics(list(
                                creatable(TOPIC, 1),
                                creatable("hw bad", 1),
                                creatable("hw-dup", 1),
                                creatable("hw-dup", 1),
                                creatable("hw-zero", 0),
                                creatable("hw-replicas", 1).setReplicationFactor((short) 3),
                                creatable("hw-badconfig", 1)
                                        .setConfigs(list(new CreateTopicsRequest.CreatableTopicConfig()
                                                .setName("retention.ms")
                                                .setValue("soon")))))));
        cases.add(of(
                c,
                "negative timeout, validate only",
                v -> new CreateTopicsRequest()
                        .setTimeoutMs(-1)
                        .setValidateOnly(true)
                        .setTopics(list(creatable("hw-neg", 1)))));
        cases.add(of(
                c,
                "zero timeout, validate only",
                v -> new CreateTopicsRequest()
                        .setTimeoutMs(0)
                        .setValidateOnly(true)
                        .setTopics(list(creatable("hw-zero-timeout", 1)))));
        cases.add(of(ApiKeys.DELETE_TOPICS, "unknown name", v -> deleteTopics(v, MISSING)));
        cases.add(of(
                ApiKeys.DELETE_TOPICS,
                "unknown id",
                6,
                v -> new DeleteTopicsRequest()
                        .setTimeoutMs(10_000)
                        .setTopics(list(new DeleteTopicsRequest.DeleteTopicState()
                                .setName(null)
                                .setTopicId(UNKNOWN_ID)))));
        cases.add(of(
                ApiKeys.CREATE_PARTITIONS,
                "unknown, fewer, same, validate only",
                v -> new CreatePartitionsRequest()
                        .setTimeoutMs(10_000)
                        .setValidateOnly(true)
                        .setTopics(list(
                                new CreatePartitionsRequest.CreatePartitionsTopic()
                                        .setName(MISSING)
                                        .setCount(4),
                                new CreatePartitionsRequest.CreatePartitionsTopic()
                                        .setName(TOPIC)
                                        .setCount(2),
                                new CreatePartitionsRequest.CreatePartitionsTopic()
                                        .setName(TOPIC)
                                        .setCount(3)))));
        cases.add(of(
                ApiKeys.DELETE_RECORDS,
                "beyond the end, unknown partition",
                v -> new DeleteRecordsRequest()
                        .setTimeoutMs(10_000)
                        .setTopics(list(new DeleteRecordsRequest.DeleteRecordsTopic()
                                .setName(TOPIC)
                                .setPartitions(list(
                                        new DeleteRecordsRequest.DeleteRecordsPartition()
                                                .setPartitionIndex(1)
                                                .setOffset(99),
                                        new DeleteRecordsRequest.DeleteRecordsPartition()
                                                .setPartitionIndex(8)
                                                .setOffset(0)))))));
        ApiKeys d = ApiKeys.DESCRIBE_CONFIGS;
        cases.add(of(
                d,
                "topic keys, unknown topic, bad broker id",
                v -> new DescribeConfigsRequest()
                        .setResources(list(
                                describeConfigs((byte) 2, TOPIC, "cleanup.policy", "retention.ms", "no.such.key"),
                                describeConfigs((byte) 2, MISSING, "retention.ms"),
                                describeConfigs((byte) 4, "not-a-number", "log.retention.ms"),
                                describeConfigs((byte) 4, "7", "log.retention.ms"),
                                describeConfigs((byte) 99, "x", "y")))));
    }

    private static void alterConfigs(List<DifferentialCase> cases) {
        // (Not in the corpus: a null value, an unknown resource type, a resource twice. Kafka 4.1 never answered such
        // an AlterConfigs request in this harness.)
        cases.add(of(
                ApiKeys.ALTER_CONFIGS,
                "validate only: unknown topic",
                v -> new AlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(alter((byte) 2, MISSING, "retention.ms", "1000")))));
        cases.add(of(
                ApiKeys.ALTER_CONFIGS,
                "validate only: bad value",
                v -> new AlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(alter((byte) 2, TOPIC, "retention.ms", "soon")))));
        cases.add(of(
                ApiKeys.ALTER_CONFIGS,
                "validate only: unknown key",
                v -> new AlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(alter((byte) 2, TOPIC, "no.such.key", "1")))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "validate only: unknown topic, bad value, bad operation",
                v -> new IncrementalAlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(
                                incremental((byte) 2, MISSING, "retention.ms", (byte) 0, "1000"),
                                incremental((byte) 2, TOPIC, "retention.ms", (byte) 0, "soon"),
                                incremental((byte) 2, TOPIC, "retention.ms", (byte) 9, "1000"),
                                incremental((byte) 2, TOPIC, "retention.ms", (byte) 2, "1000"),
                                incremental((byte) 2, TOPIC, "cleanup.policy", (byte) 2, "compact")))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "broker config, validate only: bad value",
                v -> new IncrementalAlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(incremental((byte) 4, "1", "log.retention.ms", (byte) 0, "x")))));
        // Eligible leader replicas (on in a new Kafka 4.4 cluster) keep min.insync.replicas cluster-wide
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "broker config, validate only: delete the cluster default of min.insync.replicas, set the broker's",
                v -> new IncrementalAlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(
                                incremental((byte) 4, "", "min.insync.replicas", (byte) 1, null),
                                incremental((byte) 4, "1", "min.insync.replicas", (byte) 0, "2")))));
        cases.add(of(
                ApiKeys.INCREMENTAL_ALTER_CONFIGS,
                "broker config, validate only: delete the broker's min.insync.replicas (never set)",
                v -> new IncrementalAlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(incremental((byte) 4, "1", "min.insync.replicas", (byte) 1, null)))));
        cases.add(of(
                ApiKeys.ALTER_CONFIGS,
                "broker config, validate only: a cluster default without min.insync.replicas, the broker's with it",
                v -> new AlterConfigsRequest()
                        .setValidateOnly(true)
                        .setResources(list(
                                alter((byte) 4, "", "log.retention.ms", "100000"),
                                alter((byte) 4, "1", "min.insync.replicas", "1")))));
    }

    /** Transactional requests for a transactional id neither broker knows. */
    private static void transactions(List<DifferentialCase> cases) {
        String txn = "hw-txn";
        cases.add(of(
                ApiKeys.ADD_PARTITIONS_TO_TXN,
                "unknown transactional id",
                0,
                3,
                v -> new AddPartitionsToTxnRequest()
                        .setV3AndBelowTransactionalId(txn)
                        .setV3AndBelowProducerId(12345)
                        .setV3AndBelowProducerEpoch((short) 0)
                        .setV3AndBelowTopics(list(new AddPartitionsToTxnRequest.AddPartitionsToTxnTopic()
                                .setName(TOPIC)
                                .setPartitions(list(0))))));
        cases.add(of(
                ApiKeys.ADD_OFFSETS_TO_TXN,
                "unknown transactional id",
                v -> new AddOffsetsToTxnRequest()
                        .setTransactionalId(txn)
                        .setProducerId(12345)
                        .setProducerEpoch((short) 0)
                        .setGroupId(GROUP)));
        cases.add(of(
                ApiKeys.END_TXN,
                "unknown transactional id",
                v -> new EndTxnRequest()
                        .setTransactionalId(txn)
                        .setProducerId(12345)
                        .setProducerEpoch((short) 0)
                        .setCommitted(true)));
        cases.add(of(
                ApiKeys.TXN_OFFSET_COMMIT,
                "unknown transactional id",
                v -> unknownTransactionOffsetCommit(txn)
                        .setTopics(list(new TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic()
                                .setName(TOPIC)
                                .setPartitions(list(txnCommitted(0, 1)))))));
        cases.add(DifferentialCase.withIds(
                ApiKeys.TXN_OFFSET_COMMIT,
                "unknown transactional id, topics by id (one unknown)",
                6,
                (v, ids) -> unknownTransactionOffsetCommit(txn)
                        .setTopics(list(
                                new TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic()
                                        .setTopicId(ids.apply(TOPIC))
                                        .setPartitions(list(txnCommitted(0, 1))),
                                new TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic()
                                        .setTopicId(NO_SUCH_TOPIC_ID)
                                        .setPartitions(list(txnCommitted(0, 1)))))));
    }

    /** The transaction tools' APIs, and the brokers' marker API, on names and ids neither broker knows. */
    private static void transactionAdmin(List<DifferentialCase> cases) {
        cases.add(of(
                ApiKeys.DESCRIBE_TRANSACTIONS,
                "unknown and empty transactional ids",
                v -> new DescribeTransactionsRequest().setTransactionalIds(list("hw-txn", ""))));
        cases.add(of(
                ApiKeys.LIST_TRANSACTIONS,
                "unknown state filter",
                v -> new ListTransactionsRequest().setStateFilters(list("NoSuchState"))));
        cases.add(of(
                ApiKeys.DESCRIBE_PRODUCERS,
                "known, unknown partition, unknown topic",
                v -> new DescribeProducersRequest()
                        .setTopics(list(
                                new DescribeProducersRequest.TopicRequest()
                                        .setName(TOPIC)
                                        .setPartitionIndexes(list(0, 9)),
                                new DescribeProducersRequest.TopicRequest()
                                        .setName(MISSING)
                                        .setPartitionIndexes(list(0))))));
        cases.add(of(
                ApiKeys.WRITE_TXN_MARKERS,
                "marker for an unknown topic",
                v -> new WriteTxnMarkersRequest()
                        .setMarkers(list(new WriteTxnMarkersRequest.WritableTxnMarker()
                                .setProducerId(12345)
                                .setProducerEpoch((short) 0)
                                .setTransactionResult(false)
                                .setCoordinatorEpoch(0)
                                .setTopics(list(new WriteTxnMarkersRequest.WritableTxnMarkerTopic()
                                        .setName(MISSING)
                                        .setPartitionIndexes(list(0))))))));
    }

    /** ACL and SCRAM APIs without an authorizer, and KIP-848 consumer groups that do not exist. */
    private static void securityAndNewGroups(List<DifferentialCase> cases) {
        // resource type ANY (1), pattern ANY (1), operation ANY (1), permission ANY (1)
        cases.add(of(
                ApiKeys.DESCRIBE_ACLS,
                "match-anything filter, no authorizer",
                v -> new DescribeAclsRequest()
                        .setResourceTypeFilter((byte) 1)
                        .setPatternTypeFilter((byte) 1)
                        .setOperation((byte) 1)
                        .setPermissionType((byte) 1)));
        cases.add(of(
                ApiKeys.CREATE_ACLS,
                "one ACL, no authorizer",
                v -> new CreateAclsRequest()
                        .setCreations(list(new CreateAclsRequest.AclCreation()
                                .setResourceType((byte) 2)
                                .setResourceName(TOPIC)
                                .setResourcePatternType((byte) 3)
                                .setPrincipal("User:alice")
                                .setHost("*")
                                .setOperation((byte) 3)
                                .setPermissionType((byte) 3)))));
        cases.add(of(
                ApiKeys.DELETE_ACLS,
                "match-anything filter, no authorizer",
                v -> new DeleteAclsRequest()
                        .setFilters(list(new DeleteAclsRequest.DeleteAclsFilter()
                                .setResourceTypeFilter((byte) 1)
                                .setPatternTypeFilter((byte) 1)
                                .setOperation((byte) 1)
                                .setPermissionType((byte) 1)))));
        cases.add(of(
                ApiKeys.DESCRIBE_USER_SCRAM_CREDENTIALS,
                "unknown user",
                v -> new DescribeUserScramCredentialsRequest()
                        .setUsers(list(new DescribeUserScramCredentialsRequest.UserName().setName("hw-nobody")))));
        cases.add(of(
                ApiKeys.ALTER_USER_SCRAM_CREDENTIALS,
                "deleting an unknown credential",
                v -> new AlterUserScramCredentialsRequest()
                        .setDeletions(list(new AlterUserScramCredentialsRequest.ScramCredentialDeletion()
                                .setName("hw-nobody")
                                .setMechanism((byte) 1)))));
        clientQuotas(cases);
        clientQuotaAlterations(cases);
        telemetry(cases);
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_HEARTBEAT,
                "unknown member of an unknown group",
                v -> new ConsumerGroupHeartbeatRequest()
                        .setGroupId(GROUP + "-848")
                        .setMemberId("hw-member-0000000000001")
                        .setMemberEpoch(5)));
        cases.add(of(
                ApiKeys.CONSUMER_GROUP_DESCRIBE,
                "unknown group",
                v -> new ConsumerGroupDescribeRequest().setGroupIds(list(GROUP + "-none"))));
        cases.add(of(
                ApiKeys.STREAMS_GROUP_HEARTBEAT,
                "unknown member of an unknown group",
                v -> new StreamsGroupHeartbeatRequest()
                        .setGroupId(GROUP + "-1071")
                        .setMemberId("hw-member-0000000000001")
                        .setMemberEpoch(5)));
        cases.add(of(
                ApiKeys.STREAMS_GROUP_DESCRIBE,
                "unknown group",
                v -> new StreamsGroupDescribeRequest().setGroupIds(list(GROUP + "-none"))));
    }

    /** No quotas on either broker: valid filters match nothing, invalid ones get Kafka's errors. */
    private static void clientQuotas(List<DifferentialCase> cases) {
        quotas(cases, "exact user, strict (kafka-configs --describe)", true, quota("user", 0, "hw-alice"));
        quotas(cases, "every user and client id", false, quota("user", 2, null), quota("client-id", 2, null));
        quotas(cases, "default ip", false, quota("ip", 1, null));
        quotas(cases, "empty entity type", false, quota("", 0, "x"));
        quotas(cases, "entity type twice", false, quota("user", 0, "a"), quota("user", 2, null));
        quotas(cases, "unknown entity type", false, quota("group", 0, "g"));
        quotas(cases, "exact match without a name", false, quota("user", 0, null));
        quotas(cases, "default match with a name", false, quota("client-id", 1, "c"));
        quotas(cases, "specified match with a name", false, quota("user", 2, "a"));
        quotas(cases, "unknown match type", false, quota("user", 7, null));
        quotas(cases, "ip with user", false, quota("ip", 2, null), quota("user", 0, "a"));
    }

    /**
     * Quotas set, checked, described and removed again. The values are far above anything the tests sharing these
     * brokers send, so nobody is throttled by them.
     */
    private static void clientQuotaAlterations(List<DifferentialCase> cases) {
        alterQuotas(
                cases,
                "set a user, a client id, both, and a default",
                quotaEntry("user", "hw-q", null, null, "producer_byte_rate", 1e12, "request_percentage", 1e6),
                quotaEntry("client-id", "hw-c", null, null, "consumer_byte_rate", 2e12),
                quotaEntry("user", "hw-q", "client-id", "hw-c", "controller_mutation_rate", 1e9),
                quotaEntry("user", null, "client-id", "hw-c", "consumer_byte_rate", 3e12),
                quotaEntry("ip", "127.0.0.1", null, null, "connection_creation_rate", 1e6));
        alterQuotas(
                cases,
                "invalid values, keys and entities",
                quotaEntry("user", "hw-a", null, null, "producer_byte_rate", 0.0),
                quotaEntry("user", "hw-b", null, null, "producer_byte_rate", 1.5),
                quotaEntry("user", "hw-c", null, null, "consumer_byte_rate", 1e30),
                quotaEntry("user", "hw-d", null, null, "connection_creation_rate", 1.0),
                quotaEntry("ip", "127.0.0.2", null, null, "producer_byte_rate", 1.0),
                quotaEntry("ip", "127.0.0.3", "user", "hw-e", "connection_creation_rate", 1.0),
                quotaEntry("group", "g", null, null, "producer_byte_rate", 1.0),
                quotaEntry("client-id", "", null, null, "producer_byte_rate", 1.0),
                quotaEntry("client-id", "hw-dup", null, null, "producer_byte_rate", 1.0, "producer_byte_rate", 2.0));
        quotas(cases, "set: exact user, strict", true, quota("user", 0, "hw-q"));
        quotas(cases, "set: exact user, not strict", false, quota("user", 0, "hw-q"));
        quotas(cases, "set: default user and a client id", true, quota("user", 1, null), quota("client-id", 0, "hw-c"));
        quotas(cases, "set: exact client id", false, quota("client-id", 0, "hw-c"));
        quotas(cases, "set: any ip", false, quota("ip", 2, null));
        alterQuotas(
                cases,
                "remove them again (and a key that is not set)",
                quotaEntry("user", "hw-q", null, null, "producer_byte_rate", null, "request_percentage", null),
                quotaEntry("client-id", "hw-c", null, null, "consumer_byte_rate", null, "producer_byte_rate", null),
                quotaEntry("user", "hw-q", "client-id", "hw-c", "controller_mutation_rate", null),
                quotaEntry("user", null, "client-id", "hw-c", "consumer_byte_rate", null),
                quotaEntry("ip", "127.0.0.1", null, null, "connection_creation_rate", null));
        quotas(cases, "removed: any user", false, quota("user", 2, null));
    }

    /**
     * KIP-714 with no subscription set: a client instance's subscription (nothing to push, every 5 minutes), a second
     * request too early, and each of PushTelemetry's errors. Each case uses instance ids of its own.
     */
    private static void telemetry(List<DifferentialCase> cases) {
        java.util.UUID a = java.util.UUID.fromString("5a1f0000-0000-4000-8000-00000000000a");
        java.util.UUID b = java.util.UUID.fromString("5a1f0000-0000-4000-8000-00000000000b");
        java.util.UUID c = java.util.UUID.fromString("5a1f0000-0000-4000-8000-00000000000c");
        cases.add(
                of(ApiKeys.GET_TELEMETRY_SUBSCRIPTIONS, "a new instance", v -> new GetTelemetrySubscriptionsRequest()));
        for (java.util.UUID id : List.of(a, b, c)) {
            cases.add(of(
                    ApiKeys.GET_TELEMETRY_SUBSCRIPTIONS,
                    "a given instance id " + id,
                    v -> new GetTelemetrySubscriptionsRequest().setClientInstanceId(id)));
        }
        cases.add(of(
                ApiKeys.GET_TELEMETRY_SUBSCRIPTIONS,
                "again before the push interval",
                v -> new GetTelemetrySubscriptionsRequest().setClientInstanceId(a)));
        cases.add(of(
                ApiKeys.PUSH_TELEMETRY,
                "unknown subscription id",
                v -> new PushTelemetryRequest().setClientInstanceId(b).setSubscriptionId(subscriptionId(b) + 1)));
        cases.add(of(
                ApiKeys.PUSH_TELEMETRY,
                "too soon after the last push",
                v -> new PushTelemetryRequest().setClientInstanceId(b).setSubscriptionId(subscriptionId(b))));
        cases.add(of(
                ApiKeys.PUSH_TELEMETRY,
                "unknown compression type",
                v -> new PushTelemetryRequest()
                        .setClientInstanceId(a)
                        .setSubscriptionId(subscriptionId(a))
                        .setCompressionType((byte) 9)
                        .setMetrics(new byte[] {1})));
        cases.add(of(
                ApiKeys.PUSH_TELEMETRY,
                "larger than telemetry.max.bytes",
                v -> new PushTelemetryRequest()
                        .setClientInstanceId(c)
                        .setSubscriptionId(subscriptionId(c))
                        .setMetrics(new byte[1024 * 1024 + 1])));
        cases.add(of(
                ApiKeys.PUSH_TELEMETRY,
                "a terminating push (taken whenever it comes)",
                v -> new PushTelemetryRequest()
                        .setClientInstanceId(c)
                        .setSubscriptionId(subscriptionId(c))
                        .setTerminating(true)));
        cases.add(of(
                ApiKeys.PUSH_TELEMETRY,
                "after a terminating push",
                v -> new PushTelemetryRequest().setClientInstanceId(c).setSubscriptionId(subscriptionId(c))));
    }

    /** Kafka's subscription id of an instance without subscriptions: CRC-32C of "[]300000" XOR the id's hash. */
    private static int subscriptionId(java.util.UUID id) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update("[]300000".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return (int) crc.getValue() ^ id.hashCode();
    }

    private static void alterQuotas(
            List<DifferentialCase> cases, String name, AlterClientQuotasRequest.EntryData... entries) {
        cases.add(of(ApiKeys.ALTER_CLIENT_QUOTAS, name, v -> new AlterClientQuotasRequest().setEntries(list(entries))));
    }

    /** An entity of one or two types (a null name: the default) with key, value pairs (a null value: remove). */
    private static AlterClientQuotasRequest.EntryData quotaEntry(
            String type, String entityName, String type2, String entityName2, Object... keyValues) {
        AlterClientQuotasRequest.EntryData entry = new AlterClientQuotasRequest.EntryData();
        entry.entity()
                .add(new AlterClientQuotasRequest.EntityData()
                        .setEntityType(type)
                        .setEntityName(entityName));
        if (type2 != null) {
            entry.entity()
                    .add(new AlterClientQuotasRequest.EntityData()
                            .setEntityType(type2)
                            .setEntityName(entityName2));
        }
        for (int i = 0; i < keyValues.length; i += 2) {
            Double value = (Double) keyValues[i + 1];
            entry.ops()
                    .add(new AlterClientQuotasRequest.OpData()
                            .setKey((String) keyValues[i])
                            .setValue(value == null ? 0.0 : value)
                            .setRemove(value == null));
        }
        return entry;
    }

    private static void quotas(
            List<DifferentialCase> cases,
            String name,
            boolean strict,
            DescribeClientQuotasRequest.ComponentData... components) {
        cases.add(of(
                ApiKeys.DESCRIBE_CLIENT_QUOTAS,
                name,
                v -> new DescribeClientQuotasRequest()
                        .setComponents(list(components))
                        .setStrict(strict)));
    }

    private static DescribeClientQuotasRequest.ComponentData quota(String type, int matchType, String match) {
        return new DescribeClientQuotasRequest.ComponentData()
                .setEntityType(type)
                .setMatchType((byte) matchType)
                .setMatch(match);
    }

    private static AlterConfigsRequest.AlterConfigsResource alter(byte type, String name, String key, String value) {
        return new AlterConfigsRequest.AlterConfigsResource()
                .setResourceType(type)
                .setResourceName(name)
                .setConfigs(list(
                        new AlterConfigsRequest.AlterableConfig().setName(key).setValue(value)));
    }

    private static IncrementalAlterConfigsRequest.AlterConfigsResource incremental(
            byte type, String name, String key, byte operation, String value) {
        return new IncrementalAlterConfigsRequest.AlterConfigsResource()
                .setResourceType(type)
                .setResourceName(name)
                .setConfigs(list(new IncrementalAlterConfigsRequest.AlterableConfig()
                        .setName(key)
                        .setConfigOperation(operation)
                        .setValue(value)));
    }

    private static CreateTopicsRequest.CreatableTopic creatable(String name, int partitions) {
        return new CreateTopicsRequest.CreatableTopic()
                .setName(name)
                .setNumPartitions(partitions)
                .setReplicationFactor((short) 1);
    }

    private static DeleteTopicsRequest deleteTopics(short version, String name) {
        DeleteTopicsRequest r = new DeleteTopicsRequest().setTimeoutMs(10_000);
        if (version >= 6) {
            r.setTopics(list(new DeleteTopicsRequest.DeleteTopicState().setName(name)));
        } else {
            r.setTopicNames(list(name));
        }
        return r;
    }

    private static DescribeConfigsRequest.DescribeConfigsResource describeConfigs(
            byte type, String name, String... keys) {
        return new DescribeConfigsRequest.DescribeConfigsResource()
                .setResourceType(type)
                .setResourceName(name)
                .setConfigurationKeys(new ArrayList<>(Arrays.asList(keys)));
    }

    private static void misc(List<DifferentialCase> cases) {
        // KIP-1242 (v5): the cluster and node a client means to reach. Each broker has its own cluster id, so only
        // requests meant for neither broker can be sent to both.
        cases.add(of(ApiKeys.API_VERSIONS, "another cluster's id and a node id", 5, v -> apiVersions("other", 1)));
        cases.add(of(ApiKeys.API_VERSIONS, "another node of another cluster", 5, v -> apiVersions("other", 7)));
        cases.add(of(ApiKeys.API_VERSIONS, "a cluster id without a node id", 5, v -> apiVersions("other", -1)));
        cases.add(of(ApiKeys.API_VERSIONS, "a node id without a cluster id", 5, v -> apiVersions(null, 1)));
        cases.add(of(ApiKeys.API_VERSIONS, "an empty cluster id", 5, v -> apiVersions("", 1)));
        cases.add(of(
                ApiKeys.INIT_PRODUCER_ID,
                "unknown producer id and epoch",
                3,
                v -> new InitProducerIdRequest()
                        .setTransactionalId(null)
                        .setTransactionTimeoutMs(60_000)
                        .setProducerId(12345)
                        .setProducerEpoch((short) 3)));
        cases.add(of(
                ApiKeys.INIT_PRODUCER_ID,
                "transactional, a producer id without its epoch",
                3,
                v -> new InitProducerIdRequest()
                        .setTransactionalId("hw-txn-half")
                        .setTransactionTimeoutMs(60_000)
                        .setProducerId(12345)
                        .setProducerEpoch((short) -1)));
        cases.add(of(
                ApiKeys.INIT_PRODUCER_ID,
                "empty transactional id, an epoch without its producer id",
                3,
                v -> new InitProducerIdRequest()
                        .setTransactionalId("")
                        .setTransactionTimeoutMs(60_000)
                        .setProducerId(-1)
                        .setProducerEpoch((short) 4)));
        cases.add(of(
                ApiKeys.OFFSET_FOR_LEADER_EPOCH,
                "epochs, unknown partition and topic",
                v -> new OffsetForLeaderEpochRequest()
                        .setReplicaId(-1)
                        .setTopics(list(
                                new OffsetForLeaderEpochRequest.OffsetForLeaderTopic()
                                        .setTopic(TOPIC)
                                        .setPartitions(list(epoch(0, 0), epoch(1, 5), epoch(9, 0))),
                                new OffsetForLeaderEpochRequest.OffsetForLeaderTopic()
                                        .setTopic(MISSING)
                                        .setPartitions(list(epoch(0, 0)))))));
        cases.add(of(
                ApiKeys.DESCRIBE_CLUSTER,
                "with authorized operations",
                v -> new DescribeClusterRequest().setIncludeClusterAuthorizedOperations(true)));
        cases.add(of(
                ApiKeys.DESCRIBE_CLUSTER,
                "controllers endpoint type",
                1,
                v -> new DescribeClusterRequest().setEndpointType((byte) 2)));
        cases.add(of(
                ApiKeys.DESCRIBE_TOPIC_PARTITIONS,
                "known, unknown, cursor",
                v -> new DescribeTopicPartitionsRequest()
                        .setResponsePartitionLimit(2)
                        .setTopics(list(
                                new DescribeTopicPartitionsRequest.TopicRequest().setName(TOPIC),
                                new DescribeTopicPartitionsRequest.TopicRequest().setName(MISSING)))));
        cases.add(of(
                ApiKeys.DESCRIBE_LOG_DIRS,
                "unknown topic",
                v -> new DescribeLogDirsRequest()
                        .setTopics(list(new DescribeLogDirsRequest.DescribableLogDirTopic()
                                .setTopic(MISSING)
                                .setPartitions(list(0))))));
    }

    private static OffsetForLeaderEpochRequest.OffsetForLeaderPartition epoch(int partition, int leaderEpoch) {
        return new OffsetForLeaderEpochRequest.OffsetForLeaderPartition()
                .setPartition(partition)
                .setCurrentLeaderEpoch(-1)
                .setLeaderEpoch(leaderEpoch);
    }

    private static OffsetCommitRequest offsetCommit(String group, int generationOrEpoch, String memberId) {
        return new OffsetCommitRequest()
                .setGroupId(group)
                .setGenerationIdOrMemberEpoch(generationOrEpoch)
                .setMemberId(memberId);
    }

    private static OffsetCommitRequest.OffsetCommitRequestPartition committed(int partition, long offset) {
        return new OffsetCommitRequest.OffsetCommitRequestPartition()
                .setPartitionIndex(partition)
                .setCommittedOffset(offset);
    }

    /** A TxnOffsetCommit for GROUP, outside a generation, from a producer of a transactional id no broker knows. */
    private static TxnOffsetCommitRequest unknownTransactionOffsetCommit(String transactionalId) {
        return new TxnOffsetCommitRequest()
                .setTransactionalId(transactionalId)
                .setGroupId(GROUP)
                .setProducerId(12345)
                .setProducerEpoch((short) 0)
                .setGenerationIdOrMemberEpoch(-1)
                .setMemberId("");
    }

    private static TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition txnCommitted(int partition, long offset) {
        return new TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition()
                .setPartitionIndex(partition)
                .setCommittedOffset(offset);
    }

    @SafeVarargs
    static <T> List<T> list(T... items) {
        return new ArrayList<>(Arrays.asList(items));
    }
}
