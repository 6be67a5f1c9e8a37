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
package io.skiff.broker.group.streams;

import java.util.Collection;
import java.util.List;

/**
 * Whether the member whose heartbeat found internal topics missing may have them created: Kafka 4.4 creates a
 * streams group's missing repartition and changelog topics only with CREATE on the cluster or on each of them, as the
 * heartbeating principal. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface InternalTopicAuthorization {

    /** Those of the topics the member may not create, in the given order; empty if it may create them all. */
    List<String> unauthorized(Collection<String> topics);

    /** No authorizer: every topic may be created. */
    InternalTopicAuthorization ALLOW_ALL = topics -> List.of();
}
