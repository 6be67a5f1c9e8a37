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
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.StreamsGroupTopologyDescriptionUpdateRequest;
import io.skiff.protocol.message.StreamsGroupTopologyDescriptionUpdateResponse;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * StreamsGroupTopologyDescriptionUpdate (key 93), version 0: a Streams member pushes its topology's description for a
 * broker-side topology description plugin (KIP-1331). Kafka 4.4 without such a plugin, its default, refuses every
 * push; Skiff has no plugin, so it answers as that Kafka, in Kafka's order:
 * <ul>
 *   <li>streams groups off ({@code group.coordinator.rebalance.protocols} without streams, or feature streams.version 0) →
 *       UNSUPPORTED_VERSION;</li>
 *   <li>without READ on the group → GROUP_AUTHORIZATION_FAILED;</li>
 *   <li>else UNSUPPORTED_VERSION, "The broker has no streams group topology description plugin configured." (checked
 *       before the request's fields and the group, so on any node of a simulated cluster).</li>
 * </ul>
 *
 * <p>Thread-safe: immutable.
 */
public final class StreamsGroupTopologyDescriptionUpdateHandler
        extends AbstractApiHandler<
                StreamsGroupTopologyDescriptionUpdateRequest, StreamsGroupTopologyDescriptionUpdateResponse> {
    private static final String NO_PLUGIN = "The broker has no streams group topology description plugin configured.";

    private final BooleanSupplier protocolEnabled;

    public StreamsGroupTopologyDescriptionUpdateHandler(BooleanSupplier protocolEnabled) {
        super(ApiKeys.STREAMS_GROUP_TOPOLOGY_DESCRIPTION_UPDATE, 0, 0);
        this.protocolEnabled = protocolEnabled;
    }

    @Override
    public CompletableFuture<StreamsGroupTopologyDescriptionUpdateResponse> handle(
            RequestContext ctx, StreamsGroupTopologyDescriptionUpdateRequest request) {
        Errors error;
        String message;
        if (!protocolEnabled.getAsBoolean()) {
            error = Errors.UNSUPPORTED_VERSION;
            message = error.message();
        } else if (!ctx.allowed(AclOperation.READ, ResourceType.GROUP, request.groupId())) {
            error = Errors.GROUP_AUTHORIZATION_FAILED;
            message = error.message();
        } else {
            error = Errors.UNSUPPORTED_VERSION;
            message = NO_PLUGIN;
        }
        return CompletableFuture.completedFuture(new StreamsGroupTopologyDescriptionUpdateResponse()
                .setErrorCode(error.code())
                .setErrorMessage(message));
    }

    @Override
    public StreamsGroupTopologyDescriptionUpdateResponse errorResponse(
            RequestContext ctx, StreamsGroupTopologyDescriptionUpdateRequest request, Errors error) {
        return new StreamsGroupTopologyDescriptionUpdateResponse()
                .setErrorCode(error.code())
                .setErrorMessage(error.message());
    }
}
