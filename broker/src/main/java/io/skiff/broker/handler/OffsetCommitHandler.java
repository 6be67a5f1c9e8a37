package io.skiff.broker.handler;

import io.skiff.broker.group.GroupCoordinator;
import io.skiff.broker.group.common.GroupError;
import io.skiff.broker.group.common.OffsetAndMetadata;
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.OffsetCommitRequest;
import io.skiff.protocol.message.OffsetCommitResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;

/**
 * OffsetCommit v2–9: commits offsets of a group member or, with generation -1 and no member id, of a
 * "simple" committer (assign()-mode consumers, admin tools). Partitions of unknown topics get
 * UNKNOWN_TOPIC_OR_PARTITION; the rest are answered once appended to {@code __consumer_offsets}.
 * v2–4 may carry a retention time (an explicit expiry); v6+ a leader epoch. Thread-safe.
 */
public final class OffsetCommitHandler extends AbstractApiHandler<OffsetCommitRequest, OffsetCommitResponse> {
    private static final long DEFAULT_RETENTION_TIME = -1L;

    private final GroupCoordinator coordinator;
    private final BiPredicate<String, Integer> partitionExists;
    private final Clock clock;

    /**
     * @param partitionExists whether a topic partition exists (topic name, partition index)
     */
    public OffsetCommitHandler(
            GroupCoordinator coordinator, BiPredicate<String, Integer> partitionExists, Clock clock) {
        super(ApiKeys.OFFSET_COMMIT, 2, 9);
        this.coordinator = coordinator;
        this.partitionExists = partitionExists;
        this.clock = clock;
    }

    @Override
    public CompletableFuture<OffsetCommitResponse> handle(RequestContext ctx, OffsetCommitRequest request) {
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, request.groupId())) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        short version = ctx.apiVersion();
        long expireTimestamp = version <= 4 && request.retentionTimeMs() != DEFAULT_RETENTION_TIME
                ? clock.millis() + request.retentionTimeMs()
                : OffsetAndMetadata.NO_EXPIRE_TIMESTAMP;
        Map<TopicPartition, OffsetAndMetadata> toCommit = new LinkedHashMap<>();
        Map<TopicPartition, GroupError> unknown = new HashMap<>();
        for (OffsetCommitRequest.OffsetCommitRequestTopic t : request.topics()) {
            for (OffsetCommitRequest.OffsetCommitRequestPartition p : t.partitions()) {
                TopicPartition tp = new TopicPartition(t.name(), p.partitionIndex());
                if (!ctx.allowed(AclOperation.READ, ResourceType.TOPIC, t.name())) {
                    unknown.put(tp, GroupError.TOPIC_AUTHORIZATION_FAILED);
                } else if (!partitionExists.test(t.name(), p.partitionIndex())) {
                    unknown.put(tp, GroupError.UNKNOWN_TOPIC_OR_PARTITION);
                } else {
                    toCommit.put(
                            tp,
                            new OffsetAndMetadata(
                                    p.committedOffset(),
                                    p.committedLeaderEpoch(),
                                    p.committedMetadata(),
                                    -1L,
                                    expireTimestamp));
                }
            }
        }
        CompletableFuture<Map<TopicPartition, GroupError>> results = toCommit.isEmpty()
                ? CompletableFuture.completedFuture(Map.of())
                : coordinator.commitOffsets(
                        request.groupId(),
                        request.memberId(),
                        request.groupInstanceId(),
                        request.generationIdOrMemberEpoch(),
                        toCommit,
                        version >= 9);
        return results.thenApply(committed -> {
            Map<TopicPartition, GroupError> all = new HashMap<>(unknown);
            all.putAll(committed);
            return response(
                    request,
                    tp -> all.getOrDefault(tp, GroupError.UNKNOWN_SERVER_ERROR).code());
        });
    }

    private static OffsetCommitResponse response(
            OffsetCommitRequest request, java.util.function.ToIntFunction<TopicPartition> errorFor) {
        List<OffsetCommitResponse.OffsetCommitResponseTopic> topics = new ArrayList<>();
        for (OffsetCommitRequest.OffsetCommitRequestTopic t : request.topics()) {
            List<OffsetCommitResponse.OffsetCommitResponsePartition> partitions = new ArrayList<>();
            for (OffsetCommitRequest.OffsetCommitRequestPartition p : t.partitions()) {
                partitions.add(new OffsetCommitResponse.OffsetCommitResponsePartition()
                        .setPartitionIndex(p.partitionIndex())
                        .setErrorCode((short) errorFor.applyAsInt(new TopicPartition(t.name(), p.partitionIndex()))));
            }
            topics.add(new OffsetCommitResponse.OffsetCommitResponseTopic()
                    .setName(t.name())
                    .setPartitions(partitions));
        }
        return new OffsetCommitResponse().setTopics(topics);
    }

    @Override
    public OffsetCommitResponse errorResponse(RequestContext ctx, OffsetCommitRequest request, Errors error) {
        return response(request, tp -> error.code());
    }
}
