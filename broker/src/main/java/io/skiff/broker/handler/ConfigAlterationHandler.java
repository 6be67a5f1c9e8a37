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
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What AlterConfigs and IncrementalAlterConfigs share: each resource of the request is checked (a duplicate, the
 * ALTER_CONFIGS ACL) and altered by {@link ConfigAlterations#alterEach}, and answered with its error; a request
 * refused as a whole answers every resource with that error. The subclass says how its messages name the resources
 * (their generated classes share no type), how one is altered and how its result is answered.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry. It writes files, so it runs on the blocking
 * executor.
 *
 * @param <R> one resource of the request
 */
abstract class ConfigAlterationHandler<Q extends ApiMessage, S extends ApiMessage, R> extends BlockingApiHandler<Q, S> {
    protected final ConfigAlterations alterations;
    private final Function<Q, List<R>> resources;
    private final Function<R, Byte> resourceType;
    private final Function<R, String> resourceName;
    private final Supplier<S> newResponse;

    /**
     * @param resources    the request's resources
     * @param resourceType a resource's type id
     * @param resourceName a resource's name
     * @param newResponse  an empty response
     */
    protected ConfigAlterationHandler(
            ApiKeys api,
            int minVersion,
            int maxVersion,
            ConfigAlterations alterations,
            Function<Q, List<R>> resources,
            Function<R, Byte> resourceType,
            Function<R, String> resourceName,
            Supplier<S> newResponse) {
        super(api, minVersion, maxVersion);
        this.alterations = alterations;
        this.resources = resources;
        this.resourceType = resourceType;
        this.resourceName = resourceName;
        this.newResponse = newResponse;
    }

    @Override
    public final S errorResponse(RequestContext ctx, Q request, Errors error) {
        S response = newResponse.get();
        for (R resource : resources.apply(request)) {
            answer(response, resource, ResourceError.of(error, error.message()));
        }
        return response;
    }

    @Override
    protected final S respond(RequestContext ctx, Q request) {
        List<R> all = resources.apply(request);
        List<ResourceError> results =
                ConfigAlterations.alterEach(ctx, all, resourceType, resourceName, resource -> alter(resource, request));
        S response = newResponse.get();
        for (int i = 0; i < all.size(); i++) {
            answer(response, all.get(i), results.get(i));
        }
        return response;
    }

    /** Alters one resource that passed the checks (or only validates, as the request says). */
    protected abstract ResourceError alter(R resource, Q request);

    /** Adds the resource's result to the response. */
    protected abstract void answer(S response, R resource, ResourceError result);
}
