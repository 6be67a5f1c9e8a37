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

import io.skiff.broker.feature.Features;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The APIs a feature flag turns on, and the gate that refuses them while it is finalized at 0 (UpdateFeatures: {@code
 * kafka-features disable}, or a version personality of a release that did not finalize it). Kafka 4.4 checks the
 * feature first in each of these handlers ({@code isConsumerGroupProtocolEnabled}, {@code isShareGroupProtocolEnabled},
 * {@code isStreamsGroupProtocolEnabled}) and answers the request's error response with UNSUPPORTED_VERSION; ApiVersions
 * keeps advertising the APIs, and the groups keep their state for when the feature is finalized again. The other group
 * APIs (ListGroups, DescribeGroups, DeleteGroups, OffsetFetch) are not gated.
 *
 * <p>The consumer and streams APIs are also refused so while their protocol is left out of {@code
 * group.coordinator.rebalance.protocols}: Kafka 4.4's checks are the feature level and that setting together, and it
 * still advertises the APIs and the features then.
 *
 * <p>Stateless; the gates read the finalized levels on each request.
 */
public final class FeatureGates {
    public static final String SHARE_VERSION = "share.version";

    private static final Map<ApiKeys, String> FEATURE_OF = featureApis();

    /** The rebalance protocol ({@code group.coordinator.rebalance.protocols}) each feature's APIs also need. */
    private static final Map<String, String> PROTOCOL_OF =
            Map.of(GroupHandlers.GROUP_VERSION, "consumer", GroupHandlers.STREAMS_VERSION, "streams");

    private FeatureGates() {}

    private static Map<ApiKeys, String> featureApis() {
        Map<ApiKeys, String> apis = new EnumMap<>(ApiKeys.class);
        for (ApiKeys api : List.of(ApiKeys.CONSUMER_GROUP_HEARTBEAT, ApiKeys.CONSUMER_GROUP_DESCRIBE)) {
            apis.put(api, GroupHandlers.GROUP_VERSION);
        }
        for (ApiKeys api : List.of(
                ApiKeys.SHARE_GROUP_HEARTBEAT,
                ApiKeys.SHARE_GROUP_DESCRIBE,
                ApiKeys.SHARE_FETCH,
                ApiKeys.SHARE_ACKNOWLEDGE,
                ApiKeys.DESCRIBE_SHARE_GROUP_OFFSETS,
                ApiKeys.ALTER_SHARE_GROUP_OFFSETS,
                ApiKeys.DELETE_SHARE_GROUP_OFFSETS)) {
            apis.put(api, SHARE_VERSION);
        }
        for (ApiKeys api : List.of(ApiKeys.STREAMS_GROUP_HEARTBEAT, ApiKeys.STREAMS_GROUP_DESCRIBE)) {
            apis.put(api, GroupHandlers.STREAMS_VERSION);
        }
        return apis;
    }

    /** The feature that turns {@code api} on, or null when it is always served. */
    public static String featureOf(ApiKeys api) {
        return FEATURE_OF.get(api);
    }

    /**
     * Puts a gate in front of each registered handler of a gated API. Call after the handlers and their wrappers
     * (coordinator routing) are registered, so the gate answers first, as Kafka's does. {@code protocols} are the
     * enabled rebalance protocols ({@code group.coordinator.rebalance.protocols}, read at start, as Kafka does).
     */
    public static void install(HandlerRegistry registry, Features features, Collection<String> protocols) {
        for (ApiHandler<?, ?> handler : registry.handlers()) {
            String feature = FEATURE_OF.get(handler.api());
            if (feature != null) {
                String protocol = PROTOCOL_OF.get(feature);
                boolean protocolOn = protocol == null || protocols.contains(protocol);
                registry.replace(handler.api(), gated(handler, features, feature, protocolOn));
            }
        }
    }

    private static <Q extends ApiMessage, S extends ApiMessage> ApiHandler<Q, S> gated(
            ApiHandler<Q, S> handler, Features features, String feature, boolean protocolOn) {
        return new Gate<>(handler, features, feature, protocolOn);
    }

    /**
     * A handler served only while its feature is finalized at 1 or more and its protocol is enabled. Thread-safe as
     * the handler it wraps.
     */
    private static final class Gate<Q extends ApiMessage, S extends ApiMessage> extends ForwardingHandler<Q, S> {
        private final Features features;
        private final String feature;
        private final boolean protocolOn;

        Gate(ApiHandler<Q, S> handler, Features features, String feature, boolean protocolOn) {
            super(handler);
            this.features = features;
            this.feature = feature;
            this.protocolOn = protocolOn;
        }

        @Override
        public CompletableFuture<S> handle(RequestContext ctx, Q request) {
            return protocolOn && features.level(feature) >= 1
                    ? handler.handle(ctx, request)
                    : CompletableFuture.completedFuture(
                            handler.errorResponse(ctx, request, Errors.UNSUPPORTED_VERSION));
        }

        @Override
        public String toString() {
            return protocolOn ? handler + " while " + feature + " >= 1" : handler + " refused (protocol disabled)";
        }
    }
}
