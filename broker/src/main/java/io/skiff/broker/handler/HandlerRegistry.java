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

import io.skiff.protocol.message.ApiKeys;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The handlers the broker serves, one per API. What is registered here is exactly what ApiVersions
 * advertises and what the server dispatches to.
 *
 * <p>Thread-safe: registration is synchronized and publishes an immutable snapshot; lookups read the
 * snapshot without locking. Handlers are registered before the server starts accepting connections.
 */
public final class HandlerRegistry {
    private volatile Map<ApiKeys, ApiHandler<?, ?>> handlers = Map.of();

    /**
     * Registers a handler.
     *
     * @throws IllegalArgumentException if its API already has a handler or its version range is invalid
     */
    public synchronized HandlerRegistry register(ApiHandler<?, ?> handler) {
        ApiKeys api = handler.api();
        if (handlers.containsKey(api)) {
            throw new IllegalArgumentException("A handler for " + api + " is already registered: " + handlers.get(api));
        }
        if (handler.minVersion() < 0
                || handler.maxVersion() < handler.minVersion()
                || handler.maxVersion() > api.highestVersion()) {
            throw new IllegalArgumentException("Invalid version range " + handler.minVersion() + ".."
                    + handler.maxVersion() + " for " + api + " (decodable up to " + api.highestVersion() + ")");
        }
        EnumMap<ApiKeys, ApiHandler<?, ?>> next = new EnumMap<>(ApiKeys.class);
        next.putAll(handlers);
        next.put(api, handler);
        handlers = next;
        return this;
    }

    /**
     * Replaces the handler of an API, or removes it when {@code handler} is null (a version personality narrows
     * what is served, before the server accepts connections).
     */
    public synchronized void replace(ApiKeys api, ApiHandler<?, ?> handler) {
        if (handler != null && handler.api() != api) {
            throw new IllegalArgumentException(handler + " does not serve " + api);
        }
        EnumMap<ApiKeys, ApiHandler<?, ?>> next = new EnumMap<>(ApiKeys.class);
        next.putAll(handlers);
        if (handler == null) {
            next.remove(api);
        } else {
            next.put(api, handler);
        }
        handlers = next;
    }

    /** The handler for {@code api}, or null when the API is not served. */
    public ApiHandler<?, ?> handler(ApiKeys api) {
        return handlers.get(api);
    }

    /** Every registered handler, ordered by API key. */
    public List<ApiHandler<?, ?>> handlers() {
        List<ApiHandler<?, ?>> all = new ArrayList<>(handlers.values());
        all.sort((a, b) -> Short.compare(a.api().id, b.api().id));
        return all;
    }
}
