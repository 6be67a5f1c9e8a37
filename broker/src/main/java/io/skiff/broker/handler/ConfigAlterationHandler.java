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

/**
 * What AlterConfigs and IncrementalAlterConfigs share: each resource of the request is checked (a duplicate, the
 * ALTER_CONFIGS ACL) and altered by {@link ConfigAlterations#alterEach}, and answered with its error; a request
 * refused as a whole answers every resource with that error. The subclass reads its request's resources and says
 * how one is altered.
 *
 * <p>Thread-safe: stateless apart from the thread-safe registry. It writes files, so it runs on the blocking
 * executor.
 *
 * @param <R> one resource of the request
 */
abstract class ConfigAlterationHandler<Q extends ApiMessage, S extends ApiMessage, R> extends BlockingApiHandler<Q, S> {
    protected final ConfigAlterations alterations;

    protected ConfigAlterationHandler(ApiKeys api, int minVersion, int maxVersion, ConfigAlterations alterations) {
        super(api, minVersion, maxVersion);
        this.alterations = alterations;
    }

    @Override
    protected final S respond(RequestContext ctx, Q request) {
        List<R> resources = resources(request);
        List<ResourceError> results = ConfigAlterations.alterEach(
                ctx, resources, this::resourceType, this::resourceName, resource -> alter(resource, request));
        S response = newResponse();
        for (int i = 0; i < resources.size(); i++) {
            answer(response, resources.get(i), results.get(i));
        }
        return response;
    }

    @Override
    public final S errorResponse(RequestContext ctx, Q request, Errors error) {
        S response = newResponse();
        for (R resource : resources(request)) {
            answer(response, resource, ResourceError.of(error, error.message()));
        }
        return response;
    }

    protected abstract List<R> resources(Q request);

    protected abstract byte resourceType(R resource);

    protected abstract String resourceName(R resource);

    /** Alters one resource that passed the checks (or only validates, as the request says). */
    protected abstract ResourceError alter(R resource, Q request);

    protected abstract S newResponse();

    /** Adds the resource's result to the response. */
    protected abstract void answer(S response, R resource, ResourceError result);
}
