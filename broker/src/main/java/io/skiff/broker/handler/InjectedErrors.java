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

import io.skiff.protocol.Errors;

/**
 * Errors that a fault rule answers for some partitions of a request in place of processing them (see
 * {@code io.skiff.broker.control.FaultSpec}): a handler that {@link ApiHandler#answersInjectedErrors answers them}
 * gives such a partition the error and leaves it untouched, and processes the request's other partitions as usual.
 */
@FunctionalInterface
public interface InjectedErrors {
    /** No partition gets an injected error. */
    InjectedErrors NONE = (topic, partition) -> null;

    /** The partition index that stands for a topic as a whole, in APIs that answer per topic. */
    int WHOLE_TOPIC = -1;

    /**
     * The error the partition gets instead of being processed, or null to process it; for {@link #WHOLE_TOPIC} the
     * error of the topic, which only a rule that names no partition gives.
     */
    Errors errorFor(String topic, int partition);
}
