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

import io.skiff.broker.group.share.ShareGroupCoordinator;
import io.skiff.broker.security.acl.AclOperation;
import io.skiff.broker.security.acl.ResourceType;
import io.skiff.broker.share.SharePartitionManager;
import io.skiff.broker.topic.Topic;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ErrorResult;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What both share-group offset changes (AlterShareGroupOffsets, DeleteShareGroupOffsets) do before they touch a
 * partition: the group's ACL, then, after it as in Kafka, the group must exist and be empty; a refusal answers the
 * whole request with the group's error. The subclass changes the offsets of an allowed request.
 *
 * <p>Thread-safe: stateless apart from the share state. It writes the share state to its log (and may create that
 * topic), so it runs on the blocking executor.
 */
abstract class ShareGroupOffsetsChange<Q extends ApiMessage, S extends ApiMessage & ErrorResult>
        extends BlockingApiHandler<Q, S> {
    private static final UUID NO_TOPIC_ID = new UUID(0, 0);

    private final Function<Q, String> groupId;
    private final Supplier<S> emptyResponse;
    private final ShareGroupCoordinator groups;
    protected final SharePartitionManager shares;
    private final AclOperation groupOperation;
    private final boolean createGroup;

    /**
     * @param groupId the request's group
     * @param emptyResponse a new response, to answer a refused request with the group's error
     * @param groupOperation what the group's ACL must allow
     * @param createGroup whether the change may create a group not known yet (Kafka's alter does, its delete not)
     */
    protected ShareGroupOffsetsChange(
            ApiKeys api,
            Function<Q, String> groupId,
            Supplier<S> emptyResponse,
            ShareGroupCoordinator groups,
            SharePartitionManager shares,
            AclOperation groupOperation,
            boolean createGroup) {
        super(api, 0, 0);
        this.groupId = groupId;
        this.emptyResponse = emptyResponse;
        this.groups = groups;
        this.shares = shares;
        this.groupOperation = groupOperation;
        this.createGroup = createGroup;
    }

    @Override
    protected final S respond(RequestContext ctx, Q request) {
        String groupId = this.groupId.apply(request);
        if (!ctx.allowed(groupOperation, ResourceType.GROUP, groupId)) {
            return errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED);
        }
        ShareGroupCoordinator.OffsetsRefusal refusal = groups.refuseOffsetChange(groupId, createGroup);
        if (refusal != null) {
            return refused(refusal.error(), refusal.message());
        }
        return change(ctx, request, groupId);
    }

    @Override
    public final S errorResponse(RequestContext ctx, Q request, Errors error) {
        return refused(error, error.message());
    }

    /** Changes the offsets of an allowed request of an empty group, answering per topic or partition. */
    protected abstract S change(RequestContext ctx, Q request, String groupId);

    /** The response that refuses the whole request. */
    private S refused(Errors error, String message) {
        return ErrorResult.withError(emptyResponse.get(), error, message);
    }

    /** The topic a change names, as this request sees it. */
    protected TopicTarget target(RequestContext ctx, String name) {
        return new TopicTarget(shares.topicByName(name), ctx.allowed(AclOperation.READ, ResourceType.TOPIC, name));
    }

    /**
     * A topic a change names: both changes answer it (or each of its partitions) in the same order of checks — READ
     * on the topic first, then that it (or the partition) exists.
     *
     * @param topic    the topic, empty when it is unknown
     * @param readable whether the principal may READ it
     */
    protected record TopicTarget(Optional<Topic> topic, boolean readable) {
        /** The topic's id, or the zero id Kafka answers for an unknown topic. */
        UUID id() {
            return topic.map(Topic::id).orElse(NO_TOPIC_ID);
        }

        /** The whole topic's error: NONE when it may be changed. */
        Errors error() {
            if (!readable) {
                return Errors.TOPIC_AUTHORIZATION_FAILED;
            }
            return topic.isEmpty() ? Errors.UNKNOWN_TOPIC_OR_PARTITION : Errors.NONE;
        }

        /** One partition's error: NONE when it may be changed. */
        Errors error(int partition) {
            Errors error = error();
            return error == Errors.NONE && !topic.get().hasPartition(partition)
                    ? Errors.UNKNOWN_TOPIC_OR_PARTITION
                    : error;
        }
    }

    /** A per-partition or per-topic {@code result} with {@code error}: no message for NONE. */
    protected static <T extends ErrorResult> T answered(T result, Errors error) {
        return ErrorResult.withError(result, error, error == Errors.NONE ? null : error.message());
    }
}
