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
import io.skiff.protocol.Errors;
import io.skiff.protocol.message.ApiKeys;

/**
 * A handler that wraps a registered one and passes everything but {@link #handle} on to it: the base of the wrappers
 * that change one thing about a handler (the node that serves a key, the versions a personality advertises) without
 * repeating the rest of {@link ApiHandler}.
 *
 * <p>Thread-safe as the handler it wraps.
 */
public abstract class ForwardingHandler<Q extends ApiMessage, S extends ApiMessage> implements ApiHandler<Q, S> {
    /** The wrapped handler. */
    protected final ApiHandler<Q, S> handler;

    protected ForwardingHandler(ApiHandler<Q, S> handler) {
        this.handler = handler;
    }

    @Override
    public ApiKeys api() {
        return handler.api();
    }

    @Override
    public short minVersion() {
        return handler.minVersion();
    }

    @Override
    public short maxVersion() {
        return handler.maxVersion();
    }

    @Override
    public Execution execution() {
        return handler.execution();
    }

    @Override
    public boolean answersInjectedErrors() {
        return handler.answersInjectedErrors();
    }

    @Override
    public S errorResponse(RequestContext ctx, Q request, Errors error) {
        return handler.errorResponse(ctx, request, error);
    }
}
