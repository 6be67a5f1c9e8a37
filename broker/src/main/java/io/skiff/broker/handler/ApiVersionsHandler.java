package io.skiff.broker.handler;

import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.ApiVersionsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * ApiVersions (key 18), versions 0–4: lists exactly the registered handlers with their advertised ranges.
 *
 * <ul>
 *   <li>v3+: the client software name and version must match Kafka's pattern, else INVALID_REQUEST with no
 *       API list (as Kafka answers).</li>
 *   <li>A version we cannot decode is answered by the server, not here: UNSUPPORTED_VERSION with our ranges in
 *       a v0 body (KIP-511, see {@link #unsupportedVersionResponse}).</li>
 *   <li>Features: none supported and none finalized (epoch -1). Kafka 4.1 lists metadata.version,
 *       transaction.version and others; clients only act on finalized transaction.version ≥ 2 (KIP-890 part
 *       2, which Skiff does not implement) and group.version, so advertising nothing is what is true here.</li>
 *   <li>throttle_time_ms is always 0.</li>
 * </ul>
 *
 * <p>Thread-safe: stateless apart from the registry, which is itself thread-safe.
 */
public final class ApiVersionsHandler extends AbstractApiHandler<ApiVersionsRequest, ApiVersionsResponse> {
    /** Kafka's rule for client software names and versions (ApiVersionsRequest.isValid). */
    private static final Pattern SOFTWARE_NAME_OR_VERSION =
            Pattern.compile("[a-zA-Z0-9](?:[a-zA-Z0-9\\-.]*[a-zA-Z0-9])?");

    private final HandlerRegistry registry;

    public ApiVersionsHandler(HandlerRegistry registry) {
        super(ApiKeys.API_VERSIONS, 0, 4);
        this.registry = registry;
    }

    @Override
    public CompletableFuture<ApiVersionsResponse> handle(RequestContext ctx, ApiVersionsRequest request) {
        if (ctx.apiVersion() >= 3
                && !(isValid(request.clientSoftwareName()) && isValid(request.clientSoftwareVersion()))) {
            return CompletableFuture.completedFuture(new ApiVersionsResponse()
                    .setErrorCode(Errors.INVALID_REQUEST.code())
                    .setThrottleTimeMs(0));
        }
        return CompletableFuture.completedFuture(supportedVersions(registry).setErrorCode(Errors.NONE.code()));
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

    static boolean isValid(String nameOrVersion) {
        return nameOrVersion != null
                && SOFTWARE_NAME_OR_VERSION.matcher(nameOrVersion).matches();
    }
}
