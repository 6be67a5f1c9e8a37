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
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.ToIntBiFunction;

/**
 * OffsetCommit v2–10: commits offsets of a group member or, with generation -1 and no member id, of a
 * "simple" committer (assign()-mode consumers, admin tools). Partitions of unknown topics get
 * UNKNOWN_TOPIC_OR_PARTITION; the rest are answered once appended to {@code __consumer_offsets}.
 * v2–4 may carry a retention time (an explicit expiry); v6+ a leader epoch; v10 names topics by id (KIP-848), and
 * the partitions of an id no topic has get UNKNOWN_TOPIC_ID, as Kafka 4.4 answers. Thread-safe.
 */
public final class OffsetCommitHandler extends AbstractApiHandler<OffsetCommitRequest, OffsetCommitResponse> {
    private static final long DEFAULT_RETENTION_TIME = -1L;

    private final GroupCoordinator coordinator;
    private final BiPredicate<String, Integer> partitionExists;
    private final TopicIds topicIds;
    private final Clock clock;
    private final Predicate<String> coordinates; // whether this node coordinates a group (a simulated cluster's)

    /**
     * @param partitionExists whether a topic partition exists (topic name, partition index)
     */
    public OffsetCommitHandler(
            GroupCoordinator coordinator,
            BiPredicate<String, Integer> partitionExists,
            TopicIds topicIds,
            Clock clock) {
        this(coordinator, partitionExists, topicIds, clock, group -> true);
    }

    private OffsetCommitHandler(
            GroupCoordinator coordinator,
            BiPredicate<String, Integer> partitionExists,
            TopicIds topicIds,
            Clock clock,
            Predicate<String> coordinates) {
        super(ApiKeys.OFFSET_COMMIT, 2, 10);
        this.coordinator = coordinator;
        this.partitionExists = partitionExists;
        this.topicIds = topicIds;
        this.clock = clock;
        this.coordinates = coordinates;
    }

    /**
     * This handler on a node of a simulated cluster: the partitions that pass the group, topic and partition checks
     * get NOT_COORDINATOR for a group another node coordinates, where Kafka's coordinator answers it.
     */
    OffsetCommitHandler onNode(Predicate<String> coordinatesGroup) {
        return new OffsetCommitHandler(coordinator, partitionExists, topicIds, clock, coordinatesGroup);
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
        Map<TopicPartition, Errors> injected = new HashMap<>(); // a fault rule's: not committed
        Set<OffsetCommitRequest.OffsetCommitRequestTopic> unknownIds = resolveTopicIds(version, request);
        for (OffsetCommitRequest.OffsetCommitRequestTopic t : request.topics()) {
            if (unknownIds.contains(t)) {
                continue;
            }
            for (OffsetCommitRequest.OffsetCommitRequestPartition p : t.partitions()) {
                TopicPartition tp = new TopicPartition(t.name(), p.partitionIndex());
                Errors injectedError = ctx.injectedError(t.name(), p.partitionIndex());
                if (injectedError != null) {
                    injected.put(tp, injectedError);
                } else if (!ctx.allowed(AclOperation.READ, ResourceType.TOPIC, t.name())) {
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
                : !coordinates.test(request.groupId())
                        ? CompletableFuture.completedFuture(notCoordinator(toCommit.keySet()))
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
                    (t, p) -> {
                        TopicPartition tp = new TopicPartition(t.name(), p.partitionIndex());
                        if (unknownIds.contains(t)) {
                            return Errors.UNKNOWN_TOPIC_ID.code();
                        }
                        Errors injectedError = injected.get(tp);
                        return injectedError != null
                                ? injectedError.code()
                                : all.getOrDefault(tp, GroupError.UNKNOWN_SERVER_ERROR)
                                        .code();
                    },
                    (t, p) -> unknownIds.contains(t)
                            || unknown.containsKey(new TopicPartition(t.name(), p.partitionIndex()))
                            || injected.containsKey(new TopicPartition(t.name(), p.partitionIndex())));
        });
    }

    private static Map<TopicPartition, GroupError> notCoordinator(Set<TopicPartition> partitions) {
        Map<TopicPartition, GroupError> errors = new HashMap<>();
        for (TopicPartition tp : partitions) {
            errors.put(tp, GroupError.NOT_COORDINATOR);
        }
        return errors;
    }

    /** v10: gives each topic named by id its name; returns the topics whose id no topic has. */
    private Set<OffsetCommitRequest.OffsetCommitRequestTopic> resolveTopicIds(
            short version, OffsetCommitRequest request) {
        Set<OffsetCommitRequest.OffsetCommitRequestTopic> unknownIds =
                Collections.newSetFromMap(new IdentityHashMap<>());
        if (version >= 10) {
            for (OffsetCommitRequest.OffsetCommitRequestTopic t : request.topics()) {
                topicIds.name(t.topicId()).ifPresentOrElse(t::setName, () -> unknownIds.add(t));
            }
        }
        return unknownIds;
    }

    /**
     * The answer in Kafka's order: first the partitions refused before the commit (unknown topic id, topic or
     * partition, authorization), then the committed ones, each topic where its first partition came.
     */
    private static OffsetCommitResponse response(
            OffsetCommitRequest request,
            ToIntBiFunction<
                            OffsetCommitRequest.OffsetCommitRequestTopic,
                            OffsetCommitRequest.OffsetCommitRequestPartition>
                    errorFor,
            BiPredicate<OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitRequest.OffsetCommitRequestPartition>
                    refusedFirst) {
        Map<OffsetCommitRequest.OffsetCommitRequestTopic, OffsetCommitResponse.OffsetCommitResponseTopic> byTopic =
                new IdentityHashMap<>();
        OffsetCommitResponse response = new OffsetCommitResponse();
        for (boolean refusedPass : new boolean[] {true, false}) {
            for (OffsetCommitRequest.OffsetCommitRequestTopic t : request.topics()) {
                for (OffsetCommitRequest.OffsetCommitRequestPartition p : t.partitions()) {
                    if (refusedFirst.test(t, p) != refusedPass) {
                        continue;
                    }
                    byTopic.computeIfAbsent(t, k -> {
                                OffsetCommitResponse.OffsetCommitResponseTopic rt =
                                        new OffsetCommitResponse.OffsetCommitResponseTopic()
                                                .setName(k.name())
                                                .setTopicId(k.topicId());
                                response.topics().add(rt);
                                return rt;
                            })
                            .partitions()
                            .add(new OffsetCommitResponse.OffsetCommitResponsePartition()
                                    .setPartitionIndex(p.partitionIndex())
                                    .setErrorCode((short) errorFor.applyAsInt(t, p)));
                }
            }
        }
        for (OffsetCommitRequest.OffsetCommitRequestTopic t : request.topics()) {
            if (t.partitions().isEmpty()) {
                response.topics()
                        .add(new OffsetCommitResponse.OffsetCommitResponseTopic()
                                .setName(t.name())
                                .setTopicId(t.topicId()));
            }
        }
        return response;
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public OffsetCommitResponse errorResponse(RequestContext ctx, OffsetCommitRequest request, Errors error) {
        return response(request, (t, p) -> error.code(), (t, p) -> false);
    }
}
