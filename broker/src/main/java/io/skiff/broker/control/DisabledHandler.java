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
package io.skiff.broker.control;

import io.skiff.broker.handler.ApiHandler;
import io.skiff.broker.handler.RequestContext;
import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;
import java.util.concurrent.CompletableFuture;

/**
 * An API that a release advertised but answered with UNSUPPORTED_VERSION by default, because the feature behind it
 * was off (the consumer group protocol before 4.0, share groups in 4.1): what a version personality registers, so a
 * client meets the error that release's default broker gave it.
 *
 * <p>Thread-safe as the handler it wraps.
 */
final class DisabledHandler<Q extends ApiMessage, S extends ApiMessage> implements ApiHandler<Q, S> {
    private final ApiHandler<Q, S> handler;
    private final short minVersion;
    private final short maxVersion;

    DisabledHandler(ApiHandler<Q, S> handler, short minVersion, short maxVersion) {
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
    public CompletableFuture<S> handle(RequestContext ctx, Q request) {
        return CompletableFuture.completedFuture(handler.errorResponse(ctx, request, Errors.UNSUPPORTED_VERSION));
    }

    @Override
    public S errorResponse(RequestContext ctx, Q request, Errors error) {
        return handler.errorResponse(ctx, request, error);
    }

    @Override
    public String toString() {
        return handler + " disabled (UNSUPPORTED_VERSION) at v" + minVersion + "-" + maxVersion;
    }
}
