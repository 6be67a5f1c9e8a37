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
package io.skiff.compat.differential;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.message.ApiKeys;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One request of a corpus: the API, a name that says what is odd about it, the versions it applies to (clipped to
 * what both brokers advertise) and how to build it at a version. Requests that name topics by id are built once per
 * broker, from that broker's id of the topic (ids are random per cluster).
 *
 * <p>Immutable (the builder makes a new message per call).
 */
record DifferentialCase(
        ApiKeys api,
        String name,
        int minVersion,
        int maxVersion,
        BiFunction<Short, Function<String, UUID>, ApiMessage> request) {

    static DifferentialCase of(ApiKeys api, String name, Function<Short, ApiMessage> request) {
        return new DifferentialCase(api, name, 0, Short.MAX_VALUE, (v, ids) -> request.apply(v));
    }

    static DifferentialCase of(ApiKeys api, String name, int minVersion, Function<Short, ApiMessage> request) {
        return new DifferentialCase(api, name, minVersion, Short.MAX_VALUE, (v, ids) -> request.apply(v));
    }

    static DifferentialCase of(
            ApiKeys api, String name, int minVersion, int maxVersion, Function<Short, ApiMessage> request) {
        return new DifferentialCase(api, name, minVersion, maxVersion, (v, ids) -> request.apply(v));
    }

    /** A case built from the ids the receiving broker gave its topics ({@code ids}: topic name to id). */
    static DifferentialCase withIds(
            ApiKeys api, String name, int minVersion, BiFunction<Short, Function<String, UUID>, ApiMessage> request) {
        return new DifferentialCase(api, name, minVersion, Short.MAX_VALUE, request);
    }
}
