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
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ErrorResult;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * What the consumer, share and streams group heartbeats check first, in Kafka 4.4's order (after the feature of their
 * protocol, {@link FeatureGates}): READ on the group (else GROUP_AUTHORIZATION_FAILED), DESCRIBE on each subscribed topic (else TOPIC_AUTHORIZATION_FAILED naming them).
 *
 * <p>Thread-safe: stateless apart from what the subclass holds.
 */
abstract class GroupHeartbeatHandler<Q extends ApiMessage, S extends ApiMessage & ErrorResult>
        extends AbstractApiHandler<Q, S> {
    private final Function<Q, String> groupId;
    private final Function<Q, List<String>> subscribedTopics;

    /** A heartbeat that names no topics by subscription (streams checks its topology's topics itself). */
    GroupHeartbeatHandler(ApiKeys api, int minVersion, int maxVersion, Function<Q, String> groupId) {
        this(api, minVersion, maxVersion, groupId, request -> null);
    }

    /**
     * @param subscribedTopics the topics the heartbeat subscribes to by name; null when it names none (or none changed)
     */
    GroupHeartbeatHandler(
            ApiKeys api,
            int minVersion,
            int maxVersion,
            Function<Q, String> groupId,
            Function<Q, List<String>> subscribedTopics) {
        super(api, minVersion, maxVersion);
        this.groupId = groupId;
        this.subscribedTopics = subscribedTopics;
    }

    @Override
    public final CompletableFuture<S> handle(RequestContext ctx, Q request) {
        if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, groupId.apply(request))) {
            return CompletableFuture.completedFuture(errorResponse(ctx, request, Errors.GROUP_AUTHORIZATION_FAILED));
        }
        List<String> topics = subscribedTopics.apply(request);
        if (topics != null) {
            List<String> denied = new ArrayList<>();
            for (String topic : topics) {
                if (!ctx.allowed(AclOperation.DESCRIBE, ResourceType.TOPIC, topic)) {
                    denied.add(topic);
                }
            }
            if (!denied.isEmpty()) {
                S response = errorResponse(ctx, request, Errors.TOPIC_AUTHORIZATION_FAILED);
                response.setErrorMessage("The following topics are not authorized: " + denied);
                return CompletableFuture.completedFuture(response);
            }
        }
        return heartbeat(ctx, request);
    }

    /** The heartbeat, once the checks passed. */
    abstract CompletableFuture<S> heartbeat(RequestContext ctx, Q request);
}
