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
import io.skiff.broker.handler.ForwardingHandler;
import io.skiff.broker.handler.RequestContext;
import io.skiff.protocol.ApiMessage;
import java.util.concurrent.CompletableFuture;

/**
 * A handler served at a narrower version range than its own: what a version personality registers, so ApiVersions
 * advertises the emulated release's range and the server refuses other versions as that release did.
 *
 * <p>Thread-safe as the handler it wraps.
 */
final class LimitedHandler<Q extends ApiMessage, S extends ApiMessage> extends ForwardingHandler<Q, S> {
    private final short minVersion;
    private final short maxVersion;

    LimitedHandler(ApiHandler<Q, S> handler, short minVersion, short maxVersion) {
        super(handler);
        this.minVersion = minVersion;
        this.maxVersion = maxVersion;
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
        return handler.handle(ctx, request);
    }

    @Override
    public String toString() {
        return handler + " limited to v" + minVersion + "-" + maxVersion;
    }
}
