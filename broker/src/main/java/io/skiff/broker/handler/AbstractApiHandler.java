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

/**
 * An {@link ApiHandler} whose API and advertised version range are fixed at construction, so handlers state them
 * once ({@code super(ApiKeys.FETCH, 4, 18)}) instead of overriding three getters.
 *
 * {@link HandlerRegistry#register} checks the range.
 *
 * <p>Thread-safe: the API and range are immutable; subclasses state their own thread-safety.
 *
 * @param <Q> the request message
 * @param <S> the response message
 */
public abstract class AbstractApiHandler<Q extends ApiMessage, S extends ApiMessage> implements ApiHandler<Q, S> {
    private final ApiKeys api;
    private final short minVersion;
    private final short maxVersion;

    /**
     * @param minVersion lowest version advertised
     * @param maxVersion highest version advertised; at most {@code api.highestVersion()}
     */
    protected AbstractApiHandler(ApiKeys api, int minVersion, int maxVersion) {
        this.api = api;
        this.minVersion = (short) minVersion;
        this.maxVersion = (short) maxVersion;
    }

    @Override
    public final ApiKeys api() {
        return api;
    }

    @Override
    public final short minVersion() {
        return minVersion;
    }

    @Override
    public final short maxVersion() {
        return maxVersion;
    }
}
