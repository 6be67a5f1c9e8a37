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

import io.skiff.protocol.ErrorResult;
import io.skiff.protocol.Errors;

/**
 * The outcome of one admin operation on one resource (a topic, a broker): an error code and the message Kafka
 * would send with it ({@code null} when Kafka sends none).
 *
 * <p>Immutable; thread-safe.
 *
 * @param error   the error, {@link Errors#NONE} on success
 * @param message the error message, or null
 */
record ResourceError(Errors error, String message) {
    static final ResourceError NONE = new ResourceError(Errors.NONE, null);

    static ResourceError of(Errors error, String message) {
        return new ResourceError(error, message);
    }

    boolean isFailure() {
        return error != Errors.NONE;
    }

    short code() {
        return error.code();
    }

    /** {@code result} (a generated answer for the resource) with this error and message. */
    <T extends ErrorResult> T on(T result) {
        return ErrorResult.withError(result, error, message);
    }
}
