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

import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.share.AcquiredRange;
import io.skiff.broker.share.AcquiredRecords;
import io.skiff.broker.share.ShareFetchRequestPartition;
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.broker.share.ShareSessions;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.ByteBufferRecords;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ShareFetchRequest;
import io.skiff.protocol.message.ShareFetchResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * ShareFetch v1–2 (KIP-932): a share consumer acknowledges what it processed and acquires more records of its share
 * session's partitions.
 *
 * <ul>
 *   <li>Session: epoch 0 opens the member's share session with the request's partitions (acknowledgements are then
 *       refused: INVALID_REQUEST), later epochs add partitions and forget {@code forgotten_topics_data}, -1 closes it
 *       (acknowledging, fetching nothing, releasing what the member still holds). Session errors
 *       (SHARE_SESSION_NOT_FOUND, INVALID_SHARE_SESSION_EPOCH, SHARE_SESSION_LIMIT_REACHED) answer at top level.</li>
 *   <li>Acknowledgements apply before the fetch; their outcome is each partition's acknowledge error.</li>
 *   <li>Fetch: up to {@code max_records} records (whole batches) within {@code max_bytes}; when none can be acquired
 *       the request waits up to {@code max_wait_ms}, woken by appends and by records released or whose lock expired.
 *       Each partition answers its batches and acquired ranges with delivery counts; the lock duration is
 *       {@code acquisition_lock_timeout_ms}.</li>
 *   <li>READ on the group (GROUP_AUTHORIZATION_FAILED) and on each topic (TOPIC_AUTHORIZATION_FAILED per partition);
 *       an unknown topic id is UNKNOWN_TOPIC_ID, an unknown partition UNKNOWN_TOPIC_OR_PARTITION.</li>
 * </ul>
 *
 * <p>Thread-safe: the share-partitions and sessions are; the rest is per request.
 */
public final class ShareFetchHandler extends AbstractApiHandler<ShareFetchRequest, ShareFetchResponse> {
    private final SharePartitionManager shares;
    private final int nodeId;

    public ShareFetchHandler(SharePartitionManager shares, int nodeId) {
        super(ApiKeys.SHARE_FETCH, 1, 2);
        this.shares = shares;
        this.nodeId = nodeId;
    }

    /** It writes the share state to its log (and may create that topic). */
    @Override
    public Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public CompletableFuture<ShareFetchResponse> handle(RequestContext ctx, ShareFetchRequest request) {
        String groupId = request.groupId();
        String memberId = request.memberId();
        // Kafka 4.4 checks the member id, not the group id: a session of the empty group id is served like any other
        if (groupId == null || memberId == null || memberId.isEmpty()) {
            return done(top(Errors.INVALID_REQUEST, null));
        }
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, groupId)) {
            return done(top(Errors.GROUP_AUTHORIZATION_FAILED, null));
        }
        Map<TopicIdPartition, List<ShareAcks.WireBatch>> acks = new LinkedHashMap<>();
        List<TopicIdPartition> listed = new ArrayList<>();
        for (ShareFetchRequest.FetchTopic t : request.topics()) {
            for (ShareFetchRequest.FetchPartition p : t.partitions()) {
                TopicIdPartition tp = new TopicIdPartition(t.topicId(), p.partitionIndex());
                listed.add(tp);
                if (!p.acknowledgementBatches().isEmpty()) {
                    List<ShareAcks.WireBatch> batches = new ArrayList<>();
                    for (ShareFetchRequest.AcknowledgementBatch b : p.acknowledgementBatches()) {
                        batches.add(new ShareAcks.WireBatch(b.firstOffset(), b.lastOffset(), b.acknowledgeTypes()));
                    }
                    acks.put(tp, batches);
                }
            }
        }
        List<TopicIdPartition> forgotten = new ArrayList<>();
        for (ShareFetchRequest.ForgottenTopic t : request.forgottenTopicsData()) {
            for (int p : t.partitions()) {
                forgotten.add(new TopicIdPartition(t.topicId(), p));
            }
        }
        int epoch = request.shareSessionEpoch();
        if (epoch == 0 && !acks.isEmpty()) {
            return done(top(Errors.INVALID_REQUEST, "Acknowledge data present on initial fetch request"));
        }
        ShareSessions.Update session = shares.sessions().fetch(groupId, memberId, epoch, listed, forgotten);
        if (session.error() != Errors.NONE) {
            return done(top(session.error(), null));
        }
        Map<TopicIdPartition, ShareFetchResponse.PartitionData> answers = new LinkedHashMap<>();
        acks.forEach((tp, batches) -> answers.computeIfAbsent(tp, this::partitionData)
                .setAcknowledgeErrorCode(
                        ShareAcks.apply(shares, groupId, memberId, tp, batches).code()));
        int lockMs = shares.settings(groupId).recordLockDurationMs();
        if (session.closed()) {
            shares.releaseMember(groupId, memberId);
            return done(response(answers, lockMs));
        }
        List<ShareFetchRequestPartition> reads = new ArrayList<>();
        Map<UUID, Optional<Topic>> topics = new HashMap<>();
        Map<String, Boolean> readable = new HashMap<>();
        boolean failed = false;
        for (TopicIdPartition tp : session.partitions()) {
            Optional<Topic> topic = topics.computeIfAbsent(tp.topicId(), shares::topic);
            ShareFetchResponse.PartitionData pd = answers.computeIfAbsent(tp, this::partitionData);
            Errors error = Errors.NONE;
            if (topic.isEmpty()) {
                error = Errors.UNKNOWN_TOPIC_ID;
            } else if (!readable.computeIfAbsent(
                    topic.get().name(), n -> ctx.allowed(AclOperation.READ, ResourceType.TOPIC, n))) {
                error = Errors.TOPIC_AUTHORIZATION_FAILED;
            } else if (!topic.get().hasPartition(tp.partition())) {
                error = Errors.UNKNOWN_TOPIC_OR_PARTITION;
            } else {
                reads.add(new ShareFetchRequestPartition(tp, topic.get().partition(tp.partition())));
            }
            if (error == Errors.UNKNOWN_TOPIC_ID) {
                // Kafka 4.4 answers an unknown topic id with neither a message nor a leader
                pd.setErrorCode(error.code()).setCurrentLeader(new ShareFetchResponse.LeaderIdAndEpoch());
                failed = true;
            } else if (error != Errors.NONE) {
                pd.setErrorCode(error.code()).setErrorMessage(error.message());
                failed = true;
            }
        }
        int maxRecords = request.maxRecords() > 0 ? request.maxRecords() : Integer.MAX_VALUE;
        int maxBytes = request.maxBytes() > 0 ? request.maxBytes() : Integer.MAX_VALUE;
        long maxWaitMs = failed ? 0 : Math.max(0, request.maxWaitMs());
        return shares.fetch(groupId, memberId, reads, maxRecords, maxBytes, maxWaitMs)
                .thenApply(acquired -> {
                    acquired.forEach((tp, records) -> fill(answers.get(tp), records));
                    return response(answers, lockMs);
                });
    }

    private ShareFetchResponse.PartitionData partitionData(TopicIdPartition tp) {
        return new ShareFetchResponse.PartitionData()
                .setPartitionIndex(tp.partition())
                .setCurrentLeader(new ShareFetchResponse.LeaderIdAndEpoch()
                        .setLeaderId(nodeId)
                        .setLeaderEpoch(0))
                .setRecords(new ByteBufferRecords(ByteBuffer.allocate(0)));
    }

    private static void fill(ShareFetchResponse.PartitionData pd, AcquiredRecords records) {
        List<ShareFetchResponse.AcquiredRecords> ranges = new ArrayList<>();
        for (AcquiredRange r : records.ranges()) {
            ranges.add(new ShareFetchResponse.AcquiredRecords()
                    .setFirstOffset(r.firstOffset())
                    .setLastOffset(r.lastOffset())
                    .setDeliveryCount(r.deliveryCount()));
        }
        pd.setRecords(new ByteBufferRecords(records.batches())).setAcquiredRecords(ranges);
    }

    private static ShareFetchResponse response(
            Map<TopicIdPartition, ShareFetchResponse.PartitionData> answers, int lockMs) {
        ShareFetchResponse response = new ShareFetchResponse().setAcquisitionLockTimeoutMs(lockMs);
        Map<UUID, ShareFetchResponse.ShareFetchableTopicResponse> byTopic = new LinkedHashMap<>();
        answers.forEach((tp, pd) -> byTopic.computeIfAbsent(tp.topicId(), id -> {
                    ShareFetchResponse.ShareFetchableTopicResponse t =
                            new ShareFetchResponse.ShareFetchableTopicResponse().setTopicId(id);
                    response.responses().add(t);
                    return t;
                })
                .partitions()
                .add(pd));
        return response;
    }

    private static ShareFetchResponse top(Errors error, String message) {
        return new ShareFetchResponse().setErrorCode(error.code()).setErrorMessage(message);
    }

    private static CompletableFuture<ShareFetchResponse> done(ShareFetchResponse r) {
        return CompletableFuture.completedFuture(r);
    }

    @Override
    public ShareFetchResponse errorResponse(RequestContext ctx, ShareFetchRequest request, Errors error) {
        return top(error, null);
    }
}
