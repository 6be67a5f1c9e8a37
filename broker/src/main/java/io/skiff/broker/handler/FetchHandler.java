package io.skiff.broker.handler;

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.topic.FetchService;
import io.skiff.broker.topic.FetchedPartition;
import io.skiff.broker.topic.PartitionFetch;
import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.FetchRequest;
import io.skiff.protocol.message.FetchResponse;
import io.skiff.storage.AbortedTxn;
import io.skiff.storage.IsolationLevel;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Fetch (key 1), v4–18.
 *
 * <p>Behaviour, as Kafka's for a consumer fetching from the leader:
 * <ul>
 *   <li>Topics are named (v4–12) or identified by id (v13+); unknown ids answer UNKNOWN_TOPIC_ID, unknown names or
 *       partitions UNKNOWN_TOPIC_OR_PARTITION. A current_leader_epoch above ours (0) is UNKNOWN_LEADER_EPOCH.</li>
 *   <li>Long poll: when fewer than min_bytes are available the fetch waits, woken by appends, for at most
 *       max_wait_ms ({@link FetchService}). Per-partition and total max bytes apply, but the first batch is always
 *       returned whole (KIP-74).</li>
 *   <li>Records are the log's file ranges, sent with sendfile ({@link FileRecords}); the server releases them.</li>
 *   <li>high watermark = last stable offset = log end offset; log start offset v5+; aborted transactions are an
 *       empty list for read_committed and null for read_uncommitted (there are no transactions);
 *       preferred_read_replica -1.</li>
 *   <li>No fetch sessions: the answer's session id is 0, which tells clients to send full requests (Java and
 *       librdkafka accept this). A request naming a session (session_id != 0) gets FETCH_SESSION_ID_NOT_FOUND, so
 *       the client starts over with a full fetch.</li>
 * </ul>
 *
 * <p>Thread-safe (stateless apart from the registry and fetch service).
 */
public final class FetchHandler extends AbstractApiHandler<FetchRequest, FetchResponse> {
    private static final byte READ_COMMITTED = 1;

    private final TopicRegistry topics;
    private final FetchService fetches;

    public FetchHandler(TopicRegistry topics, FetchService fetches) {
        super(ApiKeys.FETCH, 4, 18);
        this.topics = topics;
        this.fetches = fetches;
    }

    @Override
    public CompletableFuture<FetchResponse> handle(RequestContext ctx, FetchRequest request) {
        short version = ctx.apiVersion();
        if (request.sessionId() != 0) {
            return CompletableFuture.completedFuture(new FetchResponse()
                    .setErrorCode(Errors.FETCH_SESSION_ID_NOT_FOUND.code())
                    .setSessionId(0));
        }
        // Response skeleton in request order; readable partitions are filled in when the fetch completes.
        IsolationLevel isolation = request.isolationLevel() == READ_COMMITTED
                ? IsolationLevel.READ_COMMITTED
                : IsolationLevel.READ_UNCOMMITTED;
        List<FetchResponse.FetchableTopicResponse> skeleton = new ArrayList<>();
        List<PartitionFetch> reads = new ArrayList<>();
        Map<PartitionFetch, FetchResponse.PartitionData> slots = new IdentityHashMap<>();
        for (FetchRequest.FetchTopic ft : request.topics()) {
            Optional<Topic> topic = version >= 13 ? topics.topic(ft.topicId()) : topics.topic(ft.topic());
            FetchResponse.FetchableTopicResponse tr = new FetchResponse.FetchableTopicResponse()
                    .setTopic(ft.topic())
                    .setTopicId(ft.topicId());
            String name = version >= 13 ? topic.map(Topic::name).orElse(null) : ft.topic();
            boolean readable = name == null || ctx.allowed(AclOperation.READ, ResourceType.TOPIC, name);
            for (FetchRequest.FetchPartition fp : ft.partitions()) {
                FetchResponse.PartitionData pd = new FetchResponse.PartitionData().setPartitionIndex(fp.partition());
                tr.partitions().add(pd);
                if (!readable) {
                    fail(pd, Errors.TOPIC_AUTHORIZATION_FAILED);
                } else if (topic.isEmpty()) {
                    fail(pd, version >= 13 ? Errors.UNKNOWN_TOPIC_ID : Errors.UNKNOWN_TOPIC_OR_PARTITION);
                } else if (!topic.get().hasPartition(fp.partition())) {
                    fail(pd, Errors.UNKNOWN_TOPIC_OR_PARTITION);
                } else if (fp.currentLeaderEpoch()
                        > topic.get().partition(fp.partition()).leaderEpoch()) {
                    fail(pd, Errors.UNKNOWN_LEADER_EPOCH);
                } else if (fp.partitionMaxBytes() < 0) {
                    // Kafka's log read rejects a negative size, and the partition fails with an unexpected error.
                    fail(pd, Errors.UNKNOWN_SERVER_ERROR);
                } else {
                    PartitionFetch read = new PartitionFetch(
                            topic.get().partition(fp.partition()), fp.fetchOffset(), fp.partitionMaxBytes(), isolation);
                    reads.add(read);
                    slots.put(read, pd);
                }
            }
            skeleton.add(tr);
        }
        return fetches.fetch(reads, request.maxBytes(), request.minBytes(), request.maxWaitMs())
                .thenApply(results -> {
                    for (FetchedPartition r : results) {
                        fill(slots.get(r.request()), r);
                    }
                    FetchResponse response =
                            new FetchResponse().setErrorCode(Errors.NONE.code()).setSessionId(0);
                    response.responses().addAll(skeleton);
                    return response;
                });
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

    /**
     * Kafka answers a failed partition with unknown (-1) offsets and no records. Its list of aborted transactions is
     * empty for a partition refused before the read (unknown topic, id or partition) and null for one whose read
     * failed (offset out of range, storage error), whatever the isolation level.
     */
    private static void fail(FetchResponse.PartitionData pd, Errors error) {
        boolean refusedBeforeRead = error == Errors.UNKNOWN_TOPIC_OR_PARTITION || error == Errors.UNKNOWN_TOPIC_ID;
        pd.setErrorCode(error.code())
                .setHighWatermark(-1L)
                .setLastStableOffset(-1L)
                .setLogStartOffset(-1L)
                .setAbortedTransactions(refusedBeforeRead ? new ArrayList<>() : null)
                .setPreferredReadReplica(-1)
                .setRecords(new FileRecords(List.of()));
    }

    @Override
    public FetchResponse errorResponse(RequestContext ctx, FetchRequest request, Errors error) {
        return new FetchResponse().setErrorCode(error.code()).setSessionId(0);
    }
}
