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

import io.skiff.broker.cluster.PartitionReplicas;
import io.skiff.broker.cluster.SimulatedCluster;
import io.skiff.broker.fetch.FetchContext;
import io.skiff.broker.fetch.FetchPartitionKey;
import io.skiff.broker.fetch.FetchSessionCache;
import io.skiff.broker.fetch.FetchSessions;
import io.skiff.broker.quota.ClientQuotas;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.topic.FetchService;
import io.skiff.broker.topic.FetchedPartition;
import io.skiff.broker.topic.Partition;
import io.skiff.broker.topic.PartitionFetch;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import io.skiff.storage.AbortedTxn;
import io.skiff.storage.IsolationLevel;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Fetch (key 1), v4–18.
 *
 * <p>Behaviour, as Kafka's for a consumer fetching from the leader:
 * <ul>
 *   <li>Fetch sessions (KIP-227, {@link FetchSessions}): a full fetch with epoch 0 opens a session when the cache
 *       ({@code max.incremental.fetch.session.cache.slots}) has room; an incremental fetch names only the partitions
 *       that changed (and {@code forgotten_topics_data}), the session's other partitions are read as last asked, and
 *       the answer carries only partitions with records, a new high watermark or log start offset, or an error.
 *       Session errors (FETCH_SESSION_ID_NOT_FOUND, INVALID_FETCH_SESSION_EPOCH, FETCH_SESSION_TOPIC_ID_ERROR) are
 *       answered at once, with no partitions. Epoch -1 closes a session and fetches without one.</li>
 *   <li>Topics are named (v4–12) or identified by id (v13+). A partition is refused before it is read, in this order:
 *       an unknown topic id (UNKNOWN_TOPIC_ID), then a topic not readable (TOPIC_AUTHORIZATION_FAILED) or an unknown
 *       topic or partition (UNKNOWN_TOPIC_OR_PARTITION); refused partitions are listed after the partitions read, as
 *       Kafka lists them. A partition of a session by id whose topic was deleted and created again under the same
 *       name is INCONSISTENT_TOPIC_ID. A current_leader_epoch above ours (0) is UNKNOWN_LEADER_EPOCH.</li>
 *   <li>Long poll: when fewer than min_bytes are available the fetch waits, woken by appends, for at most
 *       max_wait_ms ({@link FetchService}); a partition error answers at once. Per-partition and total max bytes
 *       apply, but the first batch is always returned whole (KIP-74). The session's answer is made when the wait
 *       ends.</li>
 *   <li>A fault rule that names a topic or partition answers its error in the partitions it matches (not read,
 *       so the fetch answers at once) and the others are read as usual.</li>
 *   <li>Records are the log's file ranges, sent with sendfile ({@link FileRecords}); the server releases them.</li>
 *   <li>high watermark = log end offset; last stable offset and aborted transactions (read_committed) from the log;
 *       aborted transactions null for read_uncommitted; log start offset v5+; preferred_read_replica -1.</li>
 *   <li>A {@code consumer_byte_rate} quota bounds max_bytes by what the quota allows in one measurement (quota × 10
 *       s), counts the bytes read, and when the client is over its quota answers with no partitions and the
 *       throttle time (the bytes are then not counted, and the session does not move on), as Kafka does.</li>
 * </ul>
 *
 * <p>Thread-safe: the sessions are; the rest is per request.
 */
public final class FetchHandler extends AbstractApiHandler<FetchRequest, FetchResponse> {
    private static final byte READ_COMMITTED = 1;

    private final TopicRegistry topics;
    private final FetchService fetches;
    private final FetchSessions sessions;
    private final ClientQuotas quotas;
    private final SimulatedCluster cluster; // null with one node
    private final int nodeId;

    /** With Kafka's default session cache (1000 slots), for tests. */
    public FetchHandler(TopicRegistry topics, FetchService fetches) {
        this(
                topics,
                fetches,
                new FetchSessions(new FetchSessionCache(1000, FetchSessionCache.EVICTION_MS), Clock.systemUTC()));
    }

    public FetchHandler(TopicRegistry topics, FetchService fetches, FetchSessions sessions) {
        this(topics, fetches, sessions, null);
    }

    /** @param quotas the client quotas whose consumer byte rates it enforces; null: none */
    public FetchHandler(TopicRegistry topics, FetchService fetches, FetchSessions sessions, ClientQuotas quotas) {
        this(topics, fetches, sessions, quotas, null, -1);
    }

    /**
     * @param cluster the simulated cluster whose leaders, replicas and racks it follows (null for one node)
     * @param nodeId  the node it answers as
     */
    public FetchHandler(
            TopicRegistry topics,
            FetchService fetches,
            FetchSessions sessions,
            ClientQuotas quotas,
            SimulatedCluster cluster,
            int nodeId) {
        super(ApiKeys.FETCH, 4, 18);
        this.topics = topics;
        this.fetches = fetches;
        this.sessions = sessions;
        this.quotas = quotas;
        this.cluster = cluster;
        this.nodeId = nodeId;
    }

    /** The fetch sessions, whose partitions fault rules match incremental fetches on. */
    public FetchSessions sessions() {
        return sessions;
    }

    /** A partition to read: where its answer goes and what to read (null when it failed before the read). */
    private record Slot(FetchPartitionKey key, FetchResponse.PartitionData data, PartitionFetch read) {}

    @Override
    public CompletableFuture<FetchResponse> handle(RequestContext ctx, FetchRequest request) {
        short version = ctx.apiVersion();
        Map<UUID, Optional<Topic>> byId = new HashMap<>();
        Map<String, Optional<Topic>> byName = new HashMap<>();
        Function<UUID, String> topicNames =
                id -> byId.computeIfAbsent(id, topics::topic).map(Topic::name).orElse(null);
        Map<FetchPartitionKey, FetchRequest.FetchPartition> fetchData = new LinkedHashMap<>();
        for (FetchRequest.FetchTopic ft : request.topics()) {
            for (FetchRequest.FetchPartition fp : ft.partitions()) {
                fetchData.put(key(version, ft.topicId(), ft.topic(), fp.partition(), topicNames), fp);
            }
        }
        List<FetchPartitionKey> toForget = new ArrayList<>();
        for (FetchRequest.ForgottenTopic t : request.forgottenTopicsData()) {
            for (int partition : t.partitions()) {
                toForget.add(key(version, t.topicId(), t.topic(), partition, topicNames));
            }
        }
        int replicaId = version >= 15 && request.replicaState() != null
                ? request.replicaState().replicaId()
                : request.replicaId();
        FetchContext context = sessions.newContext(
                version, request.sessionId(), request.sessionEpoch(), replicaId >= 0, fetchData, toForget, topicNames);

        IsolationLevel isolation = request.isolationLevel() == READ_COMMITTED
                ? IsolationLevel.READ_COMMITTED
                : IsolationLevel.READ_UNCOMMITTED;
        // Kafka's order: unknown ids are refused while the partitions are listed, the rest when they are checked.
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> refused = new LinkedHashMap<>();
        List<Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition>> named = new ArrayList<>();
        for (Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition> e : context.partitions()) {
            if (e.getKey().topic() == null) {
                refused.put(e.getKey(), refuse(e.getKey(), Errors.UNKNOWN_TOPIC_ID));
            } else {
                named.add(e);
            }
        }
        Map<String, Boolean> readable = new HashMap<>();
        List<Slot> slots = new ArrayList<>();
        List<PartitionFetch> reads = new ArrayList<>();
        boolean failedBeforeRead = false;
        Set<Integer> leaderHints = cluster == null ? Set.of() : new TreeSet<>(); // filled in a simulated cluster
        for (Map.Entry<FetchPartitionKey, FetchRequest.FetchPartition> e : named) {
            FetchPartitionKey key = e.getKey();
            FetchRequest.FetchPartition fp = e.getValue();
            Optional<Topic> topic = byName.computeIfAbsent(key.topic(), topics::topic);
            if (!readable.computeIfAbsent(
                    key.topic(), name -> ctx.allowed(AclOperation.READ, ResourceType.TOPIC, name))) {
                refused.put(key, refuse(key, Errors.TOPIC_AUTHORIZATION_FAILED));
                continue;
            }
            if (topic.isEmpty() || !topic.get().hasPartition(key.partition())) {
                refused.put(key, refuse(key, Errors.UNKNOWN_TOPIC_OR_PARTITION));
                continue;
            }
            FetchResponse.PartitionData pd = new FetchResponse.PartitionData().setPartitionIndex(key.partition());
            Partition partition = topic.get().partition(key.partition());
            PartitionFetch read = null;
            Errors injected = ctx.injectedError(key.topic(), key.partition());
            if (injected != null) {
                fail(pd, injected); // a fault rule's: the partition is not read
            } else if (key.hasTopicId() && !key.topicId().equals(topic.get().id())) {
                fail(pd, Errors.INCONSISTENT_TOPIC_ID);
            } else if (fp.currentLeaderEpoch() > partition.leaderEpoch()) {
                fail(pd, Errors.UNKNOWN_LEADER_EPOCH);
            } else if (fp.currentLeaderEpoch() >= 0 && fp.currentLeaderEpoch() < partition.leaderEpoch()) {
                fail(pd, Errors.FENCED_LEADER_EPOCH); // only a simulated cluster's leaders change epochs
                hintLeader(version, pd, topic.get(), key.partition(), leaderHints);
            } else if (cluster != null && !mayServe(version, topic.get(), key.partition(), request.rackId(), pd)) {
                hintLeader(version, pd, topic.get(), key.partition(), leaderHints); // refused or redirected
            } else if (fp.partitionMaxBytes() < 0) {
                // Kafka's log read rejects a negative size, and the partition fails with an unexpected error.
                fail(pd, Errors.UNKNOWN_SERVER_ERROR);
            } else {
                read = new PartitionFetch(partition, fp.fetchOffset(), fp.partitionMaxBytes(), isolation);
                reads.add(read);
            }
            failedBeforeRead |= read == null;
            slots.add(new Slot(key, pd, read));
        }
        // As Kafka: min_bytes never above max_bytes, and a partition error answers without waiting.
        boolean quota = quotas != null && quotas.fetchQuotaEnabled();
        int maxBytes = quota
                ? Math.min(
                        request.maxBytes(), quotas.fetchMaxBytes(ctx.principal().name(), ctx.clientId()))
                : request.maxBytes();
        int minBytes = Math.min(request.minBytes(), maxBytes);
        long maxWaitMs = failedBeforeRead ? 0 : request.maxWaitMs();
        return fetches.fetch(reads, maxBytes, minBytes, maxWaitMs).thenApply(results -> {
            int throttleMs = quota ? recordFetch(ctx, results) : 0;
            if (throttleMs > 0) {
                return throttled(context, results, throttleMs);
            }
            FetchResponse response = answer(version, context, slots, results, refused);
            if (!leaderHints.isEmpty() && version >= 16) {
                addLeaderEndpoints(ctx, response, leaderHints);
            }
            return response;
        });
    }

    /**
     * Whether this node of a simulated cluster reads the partition for the fetch; if not, {@code pd} holds the
     * answer. As Kafka: the leader reads, unless the rack-aware selector prefers a replica in the consumer's rack
     * (KIP-392: then no records and that replica as preferred_read_replica); a follower reads for consumers that
     * send their rack (v11+, whose clients may follow a preferred replica); anything else is NOT_LEADER_OR_FOLLOWER.
     */
    private boolean mayServe(short version, Topic topic, int index, String rackId, FetchResponse.PartitionData pd) {
        PartitionReplicas replicas = cluster.replicas(topic, index);
        if (replicas.leader() == nodeId) {
            int preferred = cluster.rackAwareSelector() && version >= 11 ? preferredReplica(replicas, rackId) : -1;
            if (preferred < 0 || preferred == nodeId) {
                return true;
            }
            Partition partition = topic.partition(index);
            pd.setErrorCode(Errors.NONE.code())
                    .setHighWatermark(partition.highWatermark())
                    .setLastStableOffset(partition.lastStableOffset())
                    .setLogStartOffset(partition.logStartOffset())
                    .setAbortedTransactions(null)
                    .setPreferredReadReplica(preferred)
                    .setRecords(new FileRecords(List.of()));
            return false;
        }
        if (version >= 11 && replicas.replicas().contains(nodeId)) {
            return true;
        }
        fail(pd, Errors.NOT_LEADER_OR_FOLLOWER);
        return false;
    }

    /** Kafka's RackAwareReplicaSelector: the leader if it is in the client's rack, else an in-sync replica there. */
    private int preferredReplica(PartitionReplicas replicas, String rackId) {
        if (rackId == null || rackId.isEmpty() || rackId.equals(cluster.rack(replicas.leader()))) {
            return -1;
        }
        for (int r : replicas.isr()) {
            if (rackId.equals(cluster.rack(r)) && cluster.isRunning(r)) {
                return r;
            }
        }
        return -1;
    }

    /** KIP-951: a partition refused for leadership names the current leader (v12+), whose endpoint goes along. */
    private void hintLeader(short version, FetchResponse.PartitionData pd, Topic topic, int index, Set<Integer> hints) {
        if (cluster == null || version < 12 || pd.errorCode() == Errors.NONE.code()) {
            return;
        }
        PartitionReplicas replicas = cluster.replicas(topic, index);
        if (replicas.hasLeader()) {
            pd.setCurrentLeader(new FetchResponse.LeaderIdAndEpoch()
                    .setLeaderId(replicas.leader())
                    .setLeaderEpoch(replicas.leaderEpoch()));
            hints.add(replicas.leader());
        }
    }

    private void addLeaderEndpoints(RequestContext ctx, FetchResponse response, Set<Integer> leaders) {
        for (int id : leaders) {
            cluster.endpoint(id, ctx.listenerName())
                    .ifPresent(e -> response.nodeEndpoints()
                            .add(new FetchResponse.NodeEndpoint()
                                    .setNodeId(id)
                                    .setHost(e.host())
                                    .setPort(e.port())
                                    .setRack(cluster.rack(id))));
        }
    }

    /** Counts the bytes read against the client's fetch quota; the throttle time (then they are not counted). */
    private int recordFetch(RequestContext ctx, List<FetchedPartition> results) {
        long bytes = 0;
        for (FetchedPartition r : results) {
            bytes += r.bytes();
        }
        String user = ctx.principal().name();
        int throttleMs = quotas.recordFetch(user, ctx.clientId(), bytes);
        if (throttleMs > 0) {
            quotas.unrecordFetch(user, ctx.clientId(), bytes);
        }
        return throttleMs;
    }

    /** The answer of a throttled fetch: nothing read is sent (its record data is released), the session unchanged. */
    private static FetchResponse throttled(FetchContext context, List<FetchedPartition> results, int throttleMs) {
        for (FetchedPartition r : results) {
            new FileRecords(r.slices()).release();
        }
        FetchContext.Answer answer = context.throttled();
        return new FetchResponse()
                .setThrottleTimeMs(throttleMs)
                .setErrorCode(answer.error().code())
                .setSessionId(answer.sessionId());
    }

    private static FetchPartitionKey key(
            short version, UUID topicId, String topic, int partition, Function<UUID, String> names) {
        return version >= 13
                ? new FetchPartitionKey(topicId, names.apply(topicId), partition)
                : FetchPartitionKey.byName(topic, partition);
    }

    private static FetchResponse answer(
            short version,
            FetchContext context,
            List<Slot> slots,
            List<FetchedPartition> results,
            LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> refused) {
        LinkedHashMap<FetchPartitionKey, FetchResponse.PartitionData> updates = new LinkedHashMap<>();
        int next = 0;
        for (Slot slot : slots) {
            if (slot.read() != null) {
                fill(slot.data(), results.get(next++));
            }
            updates.put(slot.key(), slot.data());
        }
        updates.putAll(refused);
        FetchContext.Answer answer = context.respond(updates);
        if (answer.partitions().size() < updates.size()) {
            releaseLeftOut(updates, answer.partitions());
        }
        FetchResponse response =
                new FetchResponse().setErrorCode(answer.error().code()).setSessionId(answer.sessionId());
        // Consecutive partitions of one topic share a topic entry, as Kafka groups them.
        FetchResponse.FetchableTopicResponse current = null;
        for (Map.Entry<FetchPartitionKey, FetchResponse.PartitionData> e :
                answer.partitions().entrySet()) {
            FetchPartitionKey key = e.getKey();
            if (current == null || !sameTopic(version, current, key)) {
                current = new FetchResponse.FetchableTopicResponse()
                        .setTopic(key.topic() == null ? "" : key.topic())
                        .setTopicId(key.topicId());
                response.responses().add(current);
            }
            current.partitions().add(e.getValue());
        }
        return response;
    }

    private static boolean sameTopic(short version, FetchResponse.FetchableTopicResponse t, FetchPartitionKey key) {
        return version >= 13 ? t.topicId().equals(key.topicId()) : t.topic().equals(key.topic());
    }

    /** Releases the record data of partitions the session's answer leaves out. */
    private static void releaseLeftOut(
            Map<FetchPartitionKey, FetchResponse.PartitionData> all,
            Map<FetchPartitionKey, FetchResponse.PartitionData> answered) {
        Set<FetchResponse.PartitionData> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        kept.addAll(answered.values());
        for (FetchResponse.PartitionData pd : all.values()) {
            if (!kept.contains(pd) && pd.records() instanceof FileRecords records) {
                records.release();
            }
        }
    }

    private static void fill(FetchResponse.PartitionData pd, FetchedPartition r) {
        Errors error = switch (r.error()) {
            case NONE -> Errors.NONE;
            case OFFSET_OUT_OF_RANGE -> Errors.OFFSET_OUT_OF_RANGE;
            case UNKNOWN_TOPIC_OR_PARTITION -> Errors.UNKNOWN_TOPIC_OR_PARTITION;
            case STORAGE_ERROR -> Errors.KAFKA_STORAGE_ERROR;
        };
        if (error != Errors.NONE) {
            fail(pd, error);
            return;
        }
        pd.setErrorCode(Errors.NONE.code())
                .setHighWatermark(r.highWatermark())
                .setLastStableOffset(r.lastStableOffset())
                .setLogStartOffset(r.logStartOffset())
                .setAbortedTransactions(abortedTransactions(r.abortedTransactions()))
                .setPreferredReadReplica(-1)
                .setRecords(new FileRecords(r.slices()));
    }

    /** The response's aborted transactions: null (none listed) for read_uncommitted, as Kafka answers. */
    private static List<FetchResponse.AbortedTransaction> abortedTransactions(List<AbortedTxn> aborted) {
        if (aborted == null) {
            return null;
        }
        List<FetchResponse.AbortedTransaction> out = new ArrayList<>(aborted.size());
        for (AbortedTxn t : aborted) {
            out.add(new FetchResponse.AbortedTransaction()
                    .setProducerId(t.producerId())
                    .setFirstOffset(t.firstOffset()));
        }
        return out;
    }

    /** A partition refused before it is read: Kafka answers unknown (-1) offsets and an empty aborted list. */
    private static FetchResponse.PartitionData refuse(FetchPartitionKey key, Errors error) {
        FetchResponse.PartitionData pd = new FetchResponse.PartitionData().setPartitionIndex(key.partition());
        fail(pd, error);
        return pd.setAbortedTransactions(new ArrayList<>());
    }

    /**
     * A partition whose read failed (offset out of range, storage error, inconsistent topic id, ...): Kafka answers
     * unknown (-1) offsets, no records and a null list of aborted transactions, whatever the isolation level.
     */
    private static void fail(FetchResponse.PartitionData pd, Errors error) {
        pd.setErrorCode(error.code())
                .setHighWatermark(-1L)
                .setLastStableOffset(-1L)
                .setLogStartOffset(-1L)
                .setAbortedTransactions(null)
                .setPreferredReadReplica(-1)
                .setRecords(new FileRecords(List.of()));
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public FetchResponse errorResponse(RequestContext ctx, FetchRequest request, Errors error) {
        return new FetchResponse().setErrorCode(error.code()).setSessionId(0);
    }
}
