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
import java.util.concurrent.CompletableFuture;

/**
 * A registered handler behind a coordinator check ({@link CoordinatorRouting}): its route decides, request by
 * request, what the handler answers and what the node refuses with NOT_COORDINATOR.
 *
 * <p>Thread-safe as the handler it wraps.
 */
final class RoutedHandler<Q extends ApiMessage, S extends ApiMessage> extends ForwardingHandler<Q, S> {
    /** What a node does with a request before (or instead of) its handler. */
    @FunctionalInterface
    interface Route<Q extends ApiMessage, S extends ApiMessage> {
        CompletableFuture<S> handle(ApiHandler<Q, S> handler, RequestContext ctx, Q request);
    }

    private final Route<Q, S> route;

    RoutedHandler(ApiHandler<Q, S> handler, Route<Q, S> route) {
        super(handler);
        this.route = route;
    }

    /** Puts the registered handler of {@code api}, if any, behind {@code route}. */
    static <Q extends ApiMessage, S extends ApiMessage> void wrap(
            HandlerRegistry registry, ApiKeys api, Route<Q, S> route) {
        ApiHandler<Q, S> handler = registered(registry, api);
        if (handler != null) {
            registry.replace(api, new RoutedHandler<>(handler, route));
        }
    }

    @SuppressWarnings("unchecked")
    static <Q extends ApiMessage, S extends ApiMessage> ApiHandler<Q, S> registered(
            HandlerRegistry registry, ApiKeys api) {
        return (ApiHandler<Q, S>) registry.handler(api);
    }

    /** The handler's own answer with NOT_COORDINATOR, for a request another node coordinates. */
    static <Q extends ApiMessage, S extends ApiMessage> CompletableFuture<S> notCoordinator(
            ApiHandler<Q, S> handler, RequestContext ctx, Q request) {
        return CompletableFuture.completedFuture(handler.errorResponse(ctx, request, Errors.NOT_COORDINATOR));
    }

    @Override
    public CompletableFuture<S> handle(RequestContext ctx, Q request) {
        return route.handle(handler, ctx, request);
    }

    @Override
    public String toString() {
        return handler + " on its coordinator";
    }
}
