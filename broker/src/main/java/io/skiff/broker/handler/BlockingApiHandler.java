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

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;
import java.util.concurrent.CompletableFuture;

/**
 * A handler that answers at once but may block (it writes files, creates or deletes logs): it runs on the blocking
 * executor and computes its response there, in {@link #respond}.
 */
abstract class BlockingApiHandler<Q extends ApiMessage, S extends ApiMessage> extends AbstractApiHandler<Q, S> {
    protected BlockingApiHandler(ApiKeys api, int minVersion, int maxVersion) {
        super(api, minVersion, maxVersion);
    }

    @Override
    public final Execution execution() {
        return Execution.BLOCKING_EXECUTOR;
    }

    @Override
    public final CompletableFuture<S> handle(RequestContext ctx, Q request) {
        return CompletableFuture.completedFuture(respond(ctx, request));
    }

    /** The response to the request, computed on the blocking executor. */
    protected abstract S respond(RequestContext ctx, Q request);
}
