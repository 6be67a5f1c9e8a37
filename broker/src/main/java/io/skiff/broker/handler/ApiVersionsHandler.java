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

import io.skiff.broker.feature.Feature;
import io.skiff.broker.feature.Features;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.ApiVersionsResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * ApiVersions (key 18), versions 0–5: lists exactly the registered handlers with their advertised ranges.
 *
 * <ul>
 *   <li>v3+: the client software name and version must match Kafka's pattern, else INVALID_REQUEST with no
 *       API list (as Kafka answers).</li>
 *   <li>v5 (KIP-1242): a client that knows the cluster id and node id it means to reach sends both; another
 *       cluster or node gets REBOOTSTRAP_REQUIRED, one of the two without the other INVALID_REQUEST, each with no
 *       API list, as Kafka 4.4 answers.</li>
 *   <li>A version we cannot decode is answered by the server, not here: UNSUPPORTED_VERSION with our ranges in
 *       a v0 body (KIP-511, see {@link #unsupportedVersionResponse}).</li>
 *   <li>Features (v3+, tagged fields): the supported ranges and finalized levels of {@link Features}, as a
 *       single-node Kafka 4.4 lists them (e.g. {@code group.version} 0–1 finalized at 1, the consumer group
 *       protocol; {@code metadata.version} 7–33 at 33), with the epoch of the last UpdateFeatures (Kafka's is the
 *       offset of its metadata log, which grows all the time; Skiff's only when a level changes). A feature at level
 *       0 is supported but not finalized.
 *       Below v4, a supported feature whose range starts at 0 is left out (its finalized level is still
 *       listed), as Kafka 4.1 answers: Java clients up to 3.8 reject a range whose minimum is 0 and would fail
 *       to parse the whole response.</li>
 *   <li>throttle_time_ms is always 0.</li>
 * </ul>
 *
 * <p>Thread-safe: stateless apart from the registry, which is itself thread-safe.
 */
public final class ApiVersionsHandler extends AbstractApiHandler<ApiVersionsRequest, ApiVersionsResponse> {
    /** Kafka's rule for client software names and versions (ApiVersionsRequest.isValid). */
    private static final Pattern SOFTWARE_NAME_OR_VERSION =
            Pattern.compile("[a-zA-Z0-9](?:[a-zA-Z0-9\\-.]*[a-zA-Z0-9])?");

    /** The node id a v5 client sends when it does not know which node it reaches. */
    private static final int NO_NODE_ID = -1;

    private final HandlerRegistry registry;
    private final Features features;
    private final String clusterId;
    private final int nodeId;

    public ApiVersionsHandler(HandlerRegistry registry, Features features, String clusterId, int nodeId) {
        super(ApiKeys.API_VERSIONS, 0, 5);
        this.registry = registry;
        this.features = features;
        this.clusterId = clusterId;
        this.nodeId = nodeId;
    }

    /** A handler that lists no features, for a broker of the given cluster and node. */
    public ApiVersionsHandler(HandlerRegistry registry, String clusterId, int nodeId) {
        this(registry, new Features(), clusterId, nodeId);
    }

    @Override
    public CompletableFuture<ApiVersionsResponse> handle(RequestContext ctx, ApiVersionsRequest request) {
        if (ctx.apiVersion() >= 3
                && !(isValid(request.clientSoftwareName()) && isValid(request.clientSoftwareVersion()))) {
            return CompletableFuture.completedFuture(new ApiVersionsResponse()
                    .setErrorCode(Errors.INVALID_REQUEST.code())
                    .setThrottleTimeMs(0));
        }
        if (ctx.apiVersion() >= 5) {
            Errors error = checkDestination(request.clusterId(), request.nodeId());
            if (error != Errors.NONE) {
                return CompletableFuture.completedFuture(
                        new ApiVersionsResponse().setErrorCode(error.code()).setThrottleTimeMs(0));
            }
        }
        if (ctx.apiVersion() >= 3) {
            ctx.security().clientSoftware(request.clientSoftwareName(), request.clientSoftwareVersion());
        }
        return CompletableFuture.completedFuture(
                withFeatures(supportedVersions(registry), ctx.apiVersion()).setErrorCode(Errors.NONE.code()));
    }

    @Override
    public ApiVersionsResponse errorResponse(RequestContext ctx, ApiVersionsRequest request, Errors error) {
        return new ApiVersionsResponse().setErrorCode(error.code());
    }

    /** KIP-511: the answer, to be encoded as v0 with header v0, to an ApiVersions request of a version we do not know. */
    public static ApiVersionsResponse unsupportedVersionResponse(HandlerRegistry registry) {
        return supportedVersions(registry).setErrorCode(Errors.UNSUPPORTED_VERSION.code());
    }

    private static ApiVersionsResponse supportedVersions(HandlerRegistry registry) {
        List<ApiVersionsResponse.ApiVersion> apis = new ArrayList<>();
        for (ApiHandler<?, ?> handler : registry.handlers()) {
            apis.add(new ApiVersionsResponse.ApiVersion()
                    .setApiKey(handler.api().id)
                    .setMinVersion(handler.minVersion())
                    .setMaxVersion(handler.maxVersion()));
        }
        return new ApiVersionsResponse().setApiKeys(apis).setThrottleTimeMs(0).setFinalizedFeaturesEpoch(-1L);
    }

    private ApiVersionsResponse withFeatures(ApiVersionsResponse response, short version) {
        List<ApiVersionsResponse.SupportedFeatureKey> supported = new ArrayList<>();
        List<ApiVersionsResponse.FinalizedFeatureKey> finalized = new ArrayList<>();
        long epoch = features.epoch();
        // in the order of a HashMap of the names, as Kafka lists its supported features
        Map<String, Feature> byName = new HashMap<>();
        features.all().forEach(f -> byName.put(f.name(), f));
        for (Feature f : byName.values()) {
            if (version >= 4 || f.minVersion() > 0) {
                supported.add(new ApiVersionsResponse.SupportedFeatureKey()
                        .setName(f.name())
                        .setMinVersion(f.minVersion())
                        .setMaxVersion(f.maxVersion()));
            }
            if (f.finalizedLevel() > 0) {
                finalized.add(new ApiVersionsResponse.FinalizedFeatureKey()
                        .setName(f.name())
                        .setMinVersionLevel(f.finalizedLevel())
                        .setMaxVersionLevel(f.finalizedLevel()));
            }
        }
        return response.setSupportedFeatures(supported)
                .setFinalizedFeatures(finalized)
                .setFinalizedFeaturesEpoch(finalized.isEmpty() ? -1L : epoch);
    }

    /** KIP-1242: both or neither of cluster id and node id; both must be this broker's. */
    private Errors checkDestination(String requestedCluster, int requestedNode) {
        if ((requestedCluster == null) != (requestedNode == NO_NODE_ID)) {
            return Errors.INVALID_REQUEST;
        }
        if (requestedCluster != null && (!requestedCluster.equals(clusterId) || requestedNode != nodeId)) {
            return Errors.REBOOTSTRAP_REQUIRED;
        }
        return Errors.NONE;
    }

    static boolean isValid(String nameOrVersion) {
        return nameOrVersion != null
                && SOFTWARE_NAME_OR_VERSION.matcher(nameOrVersion).matches();
    }
}
