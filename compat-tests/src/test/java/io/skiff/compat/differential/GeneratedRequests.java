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

import static io.skiff.compat.differential.HandWrittenCorpus.list;

import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.CreatePartitionsRequest;
import io.skiff.protocol.message.CreateTopicsRequest;
import io.skiff.protocol.message.DeleteTopicsRequest;
import io.skiff.protocol.message.DescribeConfigsRequest;
import io.skiff.protocol.message.DescribeGroupsRequest;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FindCoordinatorRequest;
import io.skiff.protocol.message.InitProducerIdRequest;
import io.skiff.protocol.message.ListGroupsRequest;
import io.skiff.protocol.message.ListOffsetsRequest;
import io.skiff.protocol.message.MetadataRequest;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetFetchRequest;
import io.skiff.protocol.message.ProduceRequest;
import io.skiff.record.RecordBatchBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries of valid requests of the APIs clients use most, over small pools of names so that requests meet
 * each other's effects: topics that exist, were deleted, collide ({@code gen-a.b} / {@code gen-a_b}) or have invalid
 * names; groups with and without offsets; partitions in and out of range; offsets, timestamps, flags and sizes at
 * their edges. Each is a {@link DifferentialCase} over all versions, named by its parameters (to reproduce a
 * failure); the test picks the version.
 *
 * <p>Stateless.
 */
final class GeneratedRequests {
    static final String TOPIC = "gen-topic";
    static final int PARTITIONS = 3;
    /** Every topic and group name of the corpus starts so (other test classes share the real Kafka). */
    static final String PREFIX = "gen-";

    private static final List<String> TOPICS = List.of(
            TOPIC,
            "gen-a",
            "gen-b",
            "gen-a.b",
            "gen-a_b",
            "gen-missing",
            "",
            ".",
            "gen bad!",
            "gen-" + "x".repeat(246));
    private static final List<String> CREATABLE = List.of("gen-a", "gen-b", "gen-a.b", "gen-a_b", "..", "gen-?", "");
    private static final List<String> GROUPS = List.of("gen-g1", "gen-g2", "gen-none", "");
    private static final List<String> CONFIG_KEYS =
            List.of("retention.ms", "cleanup.policy", "segment.bytes", "no.such.key");
    private static final long CREATE_TIME = HandWrittenCorpus.CREATE_TIME;

    private GeneratedRequests() {}

    static Arbitrary<DifferentialCase> any() {
        return Arbitraries.oneOf(
                metadata(),
                listOffsets(),
                fetch(),
                produce(),
                offsetCommit(),
                offsetFetch(),
                findCoordinator(),
                describeConfigs(),
                createTopics(),
                deleteTopics(),
                createPartitions(),
                describeGroups(),
                listGroups(),
                initProducerId());
    }

    /** The APIs {@link #any()} generates. */
    static final List<ApiKeys> APIS = List.of(
            ApiKeys.METADATA,
            ApiKeys.LIST_OFFSETS,
            ApiKeys.FETCH,
            ApiKeys.PRODUCE,
            ApiKeys.OFFSET_COMMIT,
            ApiKeys.OFFSET_FETCH,
            ApiKeys.FIND_COORDINATOR,
            ApiKeys.DESCRIBE_CONFIGS,
            ApiKeys.CREATE_TOPICS,
            ApiKeys.DELETE_TOPICS,
            ApiKeys.CREATE_PARTITIONS,
            ApiKeys.DESCRIBE_GROUPS,
            ApiKeys.LIST_GROUPS,
            ApiKeys.INIT_PRODUCER_ID);

    private static Arbitrary<String> topic() {
        return Arbitraries.of(TOPICS);
    }

    private static Arbitrary<Integer> partition() {
        return Arbitraries.integers().between(-1, PARTITIONS);
    }

    private static Arbitrary<DifferentialCase> metadata() {
        Arbitrary<List<String>> topics = topic().list().ofMaxSize(3).injectNull(0.1);
        return topics.map(names -> DifferentialCase.of(ApiKeys.METADATA, "topics " + names, 4, v -> {
            List<MetadataRequest.MetadataRequestTopic> ts = null;
            if (names != null) {
                ts = new ArrayList<>();
                for (String n : names) {
                    ts.add(new MetadataRequest.MetadataRequestTopic().setName(n));
                }
            }
            return new MetadataRequest().setTopics(ts).setAllowAutoTopicCreation(false);
        }));
    }

    private static Arbitrary<DifferentialCase> listOffsets() {
        Arbitrary<Long> timestamps = Arbitraries.of(-1L, -2L, -3L, 0L, CREATE_TIME, CREATE_TIME + 1, Long.MAX_VALUE);
        return Combinators.combine(topic(), partition(), timestamps, Arbitraries.of((byte) 0, (byte) 1))
                .as((t, p, ts, isolation) -> DifferentialCase.of(
                        ApiKeys.LIST_OFFSETS,
                        t + "-" + p + " at " + ts + " isolation " + isolation,
                        isolation == 0 ? 0 : 2,
                        v -> new ListOffsetsRequest()
                                .setReplicaId(-1)
                                .setIsolationLevel(isolation)
                                .setTopics(list(new ListOffsetsRequest.ListOffsetsTopic()
                                        .setName(t)
                                        .setPartitions(list(new ListOffsetsRequest.ListOffsetsPartition()
                                                .setPartitionIndex(p)
                                                .setTimestamp(ts)))))));
    }

    private static Arbitrary<DifferentialCase> fetch() {
        Arbitrary<Long> offsets = Arbitraries.longs().between(-1, 8);
        Arbitrary<Integer> sizes = Arbitraries.of(1, 100, 1 << 20);
        return Combinators.combine(topic(), partition(), offsets, sizes, sizes, Arbitraries.of((byte) 0, (byte) 1))
                .as((t, p, offset, maxBytes, partitionMaxBytes, isolation) -> DifferentialCase.withIds(
                        ApiKeys.FETCH,
                        t + "-" + p + " from " + offset + " max " + maxBytes + "/" + partitionMaxBytes + " isolation "
                                + isolation,
                        4,
                        (v, ids) -> {
                            FetchRequest.FetchTopic ft = new FetchRequest.FetchTopic()
                                    .setTopic(t)
                                    .setPartitions(list(new FetchRequest.FetchPartition()
                                            .setPartition(p)
                                            .setFetchOffset(offset)
                                            .setPartitionMaxBytes(partitionMaxBytes)));
                            if (v >= 13) {
                                ft.setTopic("").setTopicId(ids.apply(t));
                            }
                            return new FetchRequest()
                                    .setReplicaId(-1)
                                    .setMaxWaitMs(0)
                                    .setMinBytes(0)
                                    .setMaxBytes(maxBytes)
                                    .setIsolationLevel(isolation)
                                    .setSessionEpoch(-1)
                                    .setTopics(list(ft));
                        }));
    }

    private static Arbitrary<DifferentialCase> produce() {
        Arbitrary<Short> acks = Arbitraries.of((short) -1, (short) 1, (short) 0);
        Arbitrary<String> topics = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.just(TOPIC)), net.jqwik.api.Tuple.of(1, topic()));
        return Combinators.combine(
                        topics, partition(), acks, Arbitraries.integers().between(1, 3))
                .as((t, p, a, n) -> DifferentialCase.of(
                        ApiKeys.PRODUCE,
                        n + " records to " + t + "-" + p + " acks " + a,
                        3,
                        v -> new ProduceRequest()
                                .setAcks(a)
                                .setTimeoutMs(5000)
                                .setTopicData(list(new ProduceRequest.TopicProduceData()
                                        .setName(t)
                                        .setPartitionData(list(new ProduceRequest.PartitionProduceData()
                                                .setIndex(p)
                                                .setRecords(batch(n))))))));
    }

    private static ByteBufferRecords batch(int records) {
        RecordBatchBuilder b = new RecordBatchBuilder(0, CREATE_TIME);
        for (int i = 0; i < records; i++) {
            b.add(CREATE_TIME + i, null, ("g" + i).getBytes(StandardCharsets.UTF_8));
        }
        return new ByteBufferRecords(b.build());
    }

    private static Arbitrary<DifferentialCase> offsetCommit() {
        Arbitrary<Long> offsets = Arbitraries.longs().between(-2, 10);
        return Combinators.combine(Arbitraries.of(GROUPS), topic(), partition(), offsets)
                .as((g, t, p, offset) -> DifferentialCase.of(
                        ApiKeys.OFFSET_COMMIT,
                        g + " commits " + t + "-" + p + " at " + offset,
                        v -> new OffsetCommitRequest()
                                .setGroupId(g)
                                .setGenerationIdOrMemberEpoch(-1)
                                .setMemberId("")
                                .setTopics(list(new OffsetCommitRequest.OffsetCommitRequestTopic()
                                        .setName(t)
                                        .setPartitions(list(new OffsetCommitRequest.OffsetCommitRequestPartition()
                                                .setPartitionIndex(p)
                                                .setCommittedOffset(offset)
                                                .setCommittedMetadata("m")))))));
    }

    private static Arbitrary<DifferentialCase> offsetFetch() {
        Arbitrary<List<Integer>> partitions = partition().list().ofMaxSize(2).injectNull(0.3);
        return Combinators.combine(Arbitraries.of(GROUPS), topic(), partitions)
                .as((g, t, ps) -> DifferentialCase.of(
                        ApiKeys.OFFSET_FETCH, g + " fetches " + (ps == null ? "all" : t + " " + ps), 1, v -> {
                            if (v >= 8) {
                                return new OffsetFetchRequest()
                                        .setGroups(list(new OffsetFetchRequest.OffsetFetchRequestGroup()
                                                .setGroupId(g)
                                                .setTopics(
                                                        ps == null
                                                                ? null
                                                                : list(new OffsetFetchRequest.OffsetFetchRequestTopics()
                                                                        .setName(t)
                                                                        .setPartitionIndexes(new ArrayList<>(ps))))));
                            }
                            return new OffsetFetchRequest()
                                    .setGroupId(g)
                                    .setTopics(
                                            ps == null
                                                    ? null
                                                    : list(new OffsetFetchRequest.OffsetFetchRequestTopic()
                                                            .setName(t)
                                                            .setPartitionIndexes(new ArrayList<>(ps))));
                        }));
    }

    private static Arbitrary<DifferentialCase> findCoordinator() {
        return Combinators.combine(Arbitraries.of(GROUPS), Arbitraries.of((byte) 0, (byte) 1))
                .as((key, type) -> DifferentialCase.of(
                        ApiKeys.FIND_COORDINATOR, "key '" + key + "' type " + type, type == 0 ? 0 : 1, v -> {
                            FindCoordinatorRequest r = new FindCoordinatorRequest().setKeyType(type);
                            return v >= 4 ? r.setCoordinatorKeys(list(key)) : r.setKey(key);
                        }));
    }

    private static Arbitrary<DifferentialCase> describeConfigs() {
        Arbitrary<List<String>> keys =
                Arbitraries.of(CONFIG_KEYS).list().ofMaxSize(2).injectNull(0.3);
        return Combinators.combine(topic(), keys, Arbitraries.of(false, true))
                .as((t, ks, synonyms) -> DifferentialCase.of(
                        ApiKeys.DESCRIBE_CONFIGS,
                        t + " keys " + ks + " synonyms " + synonyms,
                        synonyms ? 1 : 0,
                        v -> new DescribeConfigsRequest()
                                .setIncludeSynonyms(synonyms)
                                .setResources(list(new DescribeConfigsRequest.DescribeConfigsResource()
                                        .setResourceType((byte) 2)
                                        .setResourceName(t)
                                        .setConfigurationKeys(ks == null ? null : new ArrayList<>(ks))))));
    }

    private static Arbitrary<DifferentialCase> createTopics() {
        Arbitrary<Integer> partitions = Arbitraries.of(-1, 0, 1, 2);
        Arbitrary<Short> replication = Arbitraries.of((short) -1, (short) 1, (short) 2);
        return Combinators.combine(Arbitraries.of(CREATABLE), partitions, replication, Arbitraries.of(false, true))
                .as((t, p, rf, validateOnly) -> DifferentialCase.of(
                        ApiKeys.CREATE_TOPICS,
                        t + " partitions " + p + " replication " + rf + (validateOnly ? " validate only" : ""),
                        validateOnly ? 1 : 0,
                        v -> new CreateTopicsRequest()
                                .setTimeoutMs(30_000)
                                .setValidateOnly(validateOnly)
                                .setTopics(list(new CreateTopicsRequest.CreatableTopic()
                                        .setName(t)
                                        .setNumPartitions(p)
                                        .setReplicationFactor(rf)))));
    }

    private static Arbitrary<DifferentialCase> deleteTopics() {
        return Arbitraries.of(CREATABLE)
                .map(t -> DifferentialCase.of(ApiKeys.DELETE_TOPICS, t, 1, v -> {
                    DeleteTopicsRequest r = new DeleteTopicsRequest().setTimeoutMs(30_000);
                    return v >= 6
                            ? r.setTopics(list(new DeleteTopicsRequest.DeleteTopicState().setName(t)))
                            : r.setTopicNames(list(t));
                }));
    }

    private static Arbitrary<DifferentialCase> createPartitions() {
        return Combinators.combine(Arbitraries.of(CREATABLE), Arbitraries.of(0, 1, 2, 4), Arbitraries.of(false, true))
                .as((t, count, validateOnly) -> DifferentialCase.of(
                        ApiKeys.CREATE_PARTITIONS,
                        t + " to " + count + (validateOnly ? " validate only" : ""),
                        v -> new CreatePartitionsRequest()
                                .setTimeoutMs(30_000)
                                .setValidateOnly(validateOnly)
                                .setTopics(list(new CreatePartitionsRequest.CreatePartitionsTopic()
                                        .setName(t)
                                        .setCount(count)
                                        .setAssignments(null)))));
    }

    private static Arbitrary<DifferentialCase> describeGroups() {
        return Arbitraries.of(GROUPS)
                .list()
                .ofMinSize(1)
                .ofMaxSize(2)
                .map(gs -> DifferentialCase.of(
                        ApiKeys.DESCRIBE_GROUPS,
                        "groups " + gs,
                        v -> new DescribeGroupsRequest().setGroups(new ArrayList<>(gs))));
    }

    private static Arbitrary<DifferentialCase> listGroups() {
        Arbitrary<List<String>> states = Arbitraries.of("Empty", "Stable", "Dead", "empty")
                .list()
                .ofMaxSize(2)
                .uniqueElements();
        return states.map(ss -> DifferentialCase.of(
                ApiKeys.LIST_GROUPS,
                "states " + ss,
                ss.isEmpty() ? 0 : 4,
                v -> new ListGroupsRequest().setStatesFilter(new ArrayList<>(ss))));
    }

    private static Arbitrary<DifferentialCase> initProducerId() {
        Arbitrary<String> ids = Arbitraries.of("gen-txn-1", "gen-txn-2", "").injectNull(0.5);
        Arbitrary<Integer> timeouts = Arbitraries.of(-1, 0, 1000, 60_000, 900_001);
        return Combinators.combine(ids, timeouts)
                .as((id, timeout) -> DifferentialCase.of(
                        ApiKeys.INIT_PRODUCER_ID,
                        "transactional id " + id + " timeout " + timeout,
                        v -> new InitProducerIdRequest().setTransactionalId(id).setTransactionTimeoutMs(timeout)));
    }
}
