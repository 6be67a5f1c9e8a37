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
package io.skiff.broker.quota;

import io.skiff.protocol.Errors;

/**
 * The outcome of a quota operation for one entity, or of a describe filter: an error code and Kafka's message.
 *
 * @param error   Errors.NONE on success
 * @param message Kafka's message, null on success
 */
public record QuotaError(Errors error, String message) {
    public static final QuotaError NONE = new QuotaError(Errors.NONE, null);

    static QuotaError invalid(String message) {
        return new QuotaError(Errors.INVALID_REQUEST, message);
    }

    public boolean isFailure() {
        return error != Errors.NONE;
    }
}
