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
package io.skiff.broker.control;

import io.skiff.protocol.message.ApiKeys;
import java.util.Map;
import java.util.Set;

/**
 * What one decoded request is about, as far as fault rules match on it: its API and version, who sent it and on
 * which listener, and the topics (with partitions), groups and transactional ids it names. A topic sent by id is
 * named by its name here; an id the broker does not know is left out.
 *
 * <p>Immutable.
 *
 * @param api             the request's API
 * @param version         its version
 * @param clientId        the header's client id (may be null)
 * @param listener        the listener the connection arrived on
 * @param partitions      topic name to the partitions the request names (empty set: the topic without partitions,
 *                        as in Metadata)
 * @param groups          the group ids it names
 * @param transactionalIds the transactional ids it names
 */
public record RequestScope(
        ApiKeys api,
        short version,
        String clientId,
        String listener,
        Map<String, Set<Integer>> partitions,
        Set<String> groups,
        Set<String> transactionalIds) {
    public RequestScope {
        partitions = Map.copyOf(partitions);
        groups = Set.copyOf(groups);
        transactionalIds = Set.copyOf(transactionalIds);
    }
}
