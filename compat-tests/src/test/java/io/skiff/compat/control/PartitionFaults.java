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
package io.skiff.compat.control;

import io.skiff.broker.control.FaultSpec;

/** Fault rules on one partition, as the control tests add them. */
final class PartitionFaults {
    private PartitionFaults() {}

    /** A rule that answers {@code api} requests for {@code topic}'s partition {@code partition} with {@code error}. */
    static FaultSpec.Builder error(String api, String topic, int partition, String error) {
        return FaultSpec.builder().api(api).topic(topic).partition(partition).error(error);
    }
}
