package io.skiff.broker.control;

import io.skiff.broker.handler.ApiHandler;
import io.skiff.broker.handler.RequestContext;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import java.util.concurrent.CompletableFuture;

/**
 * A handler served at a narrower version range than its own: what a version personality registers, so ApiVersions
 * advertises the emulated release's range and the server refuses other versions as that release did.
 *
 * <p>Thread-safe as the handler it wraps.
 */
final class LimitedHandler<Q extends ApiMessage, S extends ApiMessage> implements ApiHandler<Q, S> {
    private final ApiHandler<Q, S> handler;
    private final short minVersion;
    private final short maxVersion;

    LimitedHandler(ApiHandler<Q, S> handler, short minVersion, short maxVersion) {
        this.handler = handler;
        this.minVersion = minVersion;
        this.maxVersion = maxVersion;
    }

    @Override
    public ApiKeys api() {
        return handler.api();
    }

    @Override
    public short minVersion() {
        return minVersion;
    }

    @Override
    public short maxVersion() {
        return maxVersion;
    }

    @Override
    public Execution execution() {
        return handler.execution();
    }

    @Override
    public CompletableFuture<S> handle(RequestContext ctx, Q request) {
        return handler.handle(ctx, request);
    }

    @Override
    public S errorResponse(RequestContext ctx, Q request, Errors error) {
        return handler.errorResponse(ctx, request, error);
    }

    @Override
    public String toString() {
        return handler + " limited to v" + minVersion + "-" + maxVersion;
    }
}
