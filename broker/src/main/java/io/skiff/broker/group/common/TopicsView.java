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
package io.skiff.broker.group.common;

import java.util.Collection;
import java.util.Optional;
import java.util.UUID;

/**
 * What the consumer-group coordinator needs to know of the broker's topics: ids and partition counts, by
 * name and by id, and every name (to resolve regex subscriptions). Implementations must be thread-safe.
 */
public interface TopicsView {

    /** A topic's id, name and partition count at one moment. */
    public record TopicInfo(UUID id, String name, int partitionCount) {}

    /** A view of no topics (coordinators in tests that use no consumer groups). */
    TopicsView NONE = new TopicsView() {
        @Override
        public Optional<TopicInfo> byName(String name) {
            return Optional.empty();
        }

        @Override
        public Optional<TopicInfo> byId(UUID id) {
            return Optional.empty();
        }

        @Override
        public Collection<TopicInfo> userTopics() {
            return java.util.List.of();
        }
    };

    Optional<TopicInfo> byName(String name);

    Optional<TopicInfo> byId(UUID id);

    /** Every topic that is not internal (a regex never matches {@code __consumer_offsets}). */
    Collection<TopicInfo> userTopics();
}
