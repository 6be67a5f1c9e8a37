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
import io.skiff.broker.group.common.TopicPartition;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.OffsetDeleteRequest;
import io.skiff.protocol.message.OffsetDeleteResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;

/**
 * OffsetDelete v0: deletes a group's committed offsets of some partitions; partitions of topics the
 * group's members still subscribe to get GROUP_SUBSCRIBED_TO_TOPIC, unknown partitions
 * UNKNOWN_TOPIC_OR_PARTITION. Thread-safe.
 */
public final class OffsetDeleteHandler extends AbstractApiHandler<OffsetDeleteRequest, OffsetDeleteResponse> {
    private final GroupCoordinator coordinator;
    private final BiPredicate<String, Integer> partitionExists;

    public OffsetDeleteHandler(GroupCoordinator coordinator, BiPredicate<String, Integer> partitionExists) {
        super(ApiKeys.OFFSET_DELETE, 0, 0);
        this.coordinator = coordinator;
        this.partitionExists = partitionExists;
    }

    @Override
    public CompletableFuture<OffsetDeleteResponse> handle(RequestContext ctx, OffsetDeleteRequest request) {
        if (!ctx.allowed(AclOperation.DELETE, ResourceType.GROUP, request.groupId())) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        List<TopicPartition> known = new ArrayList<>();
        for (OffsetDeleteRequest.OffsetDeleteRequestTopic t : request.topics()) {
            for (OffsetDeleteRequest.OffsetDeleteRequestPartition p : t.partitions()) {
                if (ctx.injectedError(t.name(), p.partitionIndex()) == null // a fault rule's: not deleted
                        && partitionExists.test(t.name(), p.partitionIndex())) {
                    known.add(new TopicPartition(t.name(), p.partitionIndex()));
                }
            }
        }
        return coordinator.deleteOffsets(request.groupId(), known).thenApply(result -> {
            if (result.error() != GroupError.NONE) {
                return new OffsetDeleteResponse().setErrorCode(result.error().code());
            }
            List<OffsetDeleteResponse.OffsetDeleteResponseTopic> topics = new ArrayList<>();
            for (OffsetDeleteRequest.OffsetDeleteRequestTopic t : request.topics()) {
                List<OffsetDeleteResponse.OffsetDeleteResponsePartition> partitions = new ArrayList<>();
                for (OffsetDeleteRequest.OffsetDeleteRequestPartition p : t.partitions()) {
                    Errors injected = ctx.injectedError(t.name(), p.partitionIndex());
                    short code = injected != null
                            ? injected.code()
                            : result.partitions()
                                    .getOrDefault(
                                            new TopicPartition(t.name(), p.partitionIndex()),
                                            GroupError.UNKNOWN_TOPIC_OR_PARTITION)
                                    .code();
                    partitions.add(new OffsetDeleteResponse.OffsetDeleteResponsePartition()
                            .setPartitionIndex(p.partitionIndex())
                            .setErrorCode(code));
                }
                topics.add(new OffsetDeleteResponse.OffsetDeleteResponseTopic()
                        .setName(t.name())
                        .setPartitions(partitions));
            }
            return new OffsetDeleteResponse().setErrorCode(Errors.NONE.code()).setTopics(topics);
        });
    }

    @Override
    public boolean answersInjectedErrors() {
        return true;
    }

    @Override
    public OffsetDeleteResponse errorResponse(RequestContext ctx, OffsetDeleteRequest request, Errors error) {
        return new OffsetDeleteResponse().setErrorCode(error.code());
    }
}
