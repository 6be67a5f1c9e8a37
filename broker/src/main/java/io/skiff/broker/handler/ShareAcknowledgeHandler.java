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
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.broker.share.ShareSessions;
import io.skiff.broker.share.TopicIdPartition;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ShareAcknowledgeRequest;
import io.skiff.protocol.message.ShareAcknowledgeResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * ShareAcknowledge v1–2 (KIP-932): a share consumer accepts, releases, rejects or renews records it acquired, without
 * fetching (commitSync, close). The request moves the member's share session to its next epoch, or closes it with -1
 * (then what the member still holds is released); epoch 0 is INVALID_SHARE_SESSION_EPOCH. READ on the group and on
 * each topic is required, as for ShareFetch.
 *
 * <p>Thread-safe: the share-partitions and sessions are; the rest is per request.
 */
public final class ShareAcknowledgeHandler
        extends BlockingApiHandler<ShareAcknowledgeRequest, ShareAcknowledgeResponse> {
    private final SharePartitionManager shares;
    private final int nodeId;

    public ShareAcknowledgeHandler(SharePartitionManager shares, int nodeId) {
        super(ApiKeys.SHARE_ACKNOWLEDGE, 1, 2);
        this.shares = shares;
        this.nodeId = nodeId;
    }

    /** It writes the share state to its log (and may create that topic): on the blocking executor. */
    @Override
    protected ShareAcknowledgeResponse respond(RequestContext ctx, ShareAcknowledgeRequest request) {
        String groupId = request.groupId();
        String memberId = request.memberId();
        if (groupId == null || groupId.isEmpty() || memberId == null || memberId.isEmpty()) {
            return new ShareAcknowledgeResponse().setErrorCode(Errors.INVALID_REQUEST.code());
        }
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, groupId)) {
            return new ShareAcknowledgeResponse().setErrorCode(Errors.GROUP_AUTHORIZATION_FAILED.code());
        }
        ShareSessions.Update session = shares.sessions().acknowledge(groupId, memberId, request.shareSessionEpoch());
        if (session.error() != Errors.NONE) {
            return new ShareAcknowledgeResponse().setErrorCode(session.error().code());
        }
        int lockMs = shares.settings(groupId).recordLockDurationMs();
        ShareAcknowledgeResponse response = new ShareAcknowledgeResponse().setAcquisitionLockTimeoutMs(lockMs);
        Map<UUID, ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse> byTopic = new LinkedHashMap<>();
        for (ShareAcknowledgeRequest.AcknowledgeTopic t : request.topics()) {
            String topicName = shares.topic(t.topicId()).map(x -> x.name()).orElse(null);
            boolean readable = topicName == null || ctx.allowed(AclOperation.READ, ResourceType.TOPIC, topicName);
            for (ShareAcknowledgeRequest.AcknowledgePartition p : t.partitions()) {
                TopicIdPartition tp = new TopicIdPartition(t.topicId(), p.partitionIndex());
                Errors error;
                if (!readable) {
                    error = Errors.TOPIC_AUTHORIZATION_FAILED;
                } else {
                    List<ShareAcks.WireBatch> batches = new ArrayList<>();
                    for (ShareAcknowledgeRequest.AcknowledgementBatch b : p.acknowledgementBatches()) {
                        batches.add(new ShareAcks.WireBatch(b.firstOffset(), b.lastOffset(), b.acknowledgeTypes()));
                    }
                    error = ShareAcks.apply(shares, groupId, memberId, tp, batches);
                }
                byTopic.computeIfAbsent(t.topicId(), id -> {
                            ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse r =
                                    new ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse().setTopicId(id);
                            response.responses().add(r);
                            return r;
                        })
                        .partitions()
                        .add(new ShareAcknowledgeResponse.PartitionData()
                                .setPartitionIndex(tp.partition())
                                .setErrorCode(error.code())
                                .setErrorMessage(error == Errors.NONE ? null : error.message())
                                .setCurrentLeader(new ShareAcknowledgeResponse.LeaderIdAndEpoch()
                                        .setLeaderId(nodeId)
                                        .setLeaderEpoch(0)));
            }
        }
        if (session.closed()) {
            shares.releaseMember(groupId, memberId);
        }
        return response;
    }

    @Override
    public ShareAcknowledgeResponse errorResponse(RequestContext ctx, ShareAcknowledgeRequest request, Errors error) {
        return new ShareAcknowledgeResponse().setErrorCode(error.code());
    }
}
