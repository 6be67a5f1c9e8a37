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
 * <p>Stateless; the gates read the finalized levels on each request.
 */
public final class FeatureGates {
    public static final String SHARE_VERSION = "share.version";

    private static final Map<ApiKeys, String> FEATURE_OF = featureApis();

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
     * (coordinator routing) are registered, so the gate answers first, as Kafka's does.
     */
    public static void install(HandlerRegistry registry, Features features) {
        for (ApiHandler<?, ?> handler : registry.handlers()) {
            String feature = FEATURE_OF.get(handler.api());
            if (feature != null) {
                registry.replace(handler.api(), gated(handler, features, feature));
            }
        }
    }

    private static <Q extends ApiMessage, S extends ApiMessage> ApiHandler<Q, S> gated(
            ApiHandler<Q, S> handler, Features features, String feature) {
        return new Gate<>(handler, features, feature);
    }

    /** A handler served only while its feature is finalized at 1 or more. Thread-safe as the handler it wraps. */
    private static final class Gate<Q extends ApiMessage, S extends ApiMessage> extends ForwardingHandler<Q, S> {
        private final Features features;
        private final String feature;

        Gate(ApiHandler<Q, S> handler, Features features, String feature) {
            super(handler);
            this.features = features;
            this.feature = feature;
        }

        @Override
        public CompletableFuture<S> handle(RequestContext ctx, Q request) {
            return features.level(feature) >= 1
                    ? handler.handle(ctx, request)
                    : CompletableFuture.completedFuture(
                            handler.errorResponse(ctx, request, Errors.UNSUPPORTED_VERSION));
        }

        @Override
        public String toString() {
            return handler + " while " + feature + " >= 1";
        }
    }
}
