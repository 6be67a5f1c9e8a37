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

import io.skiff.broker.topic.Topic;
import io.skiff.broker.topic.TopicRegistry;
import java.util.Optional;
import java.util.UUID;

/**
 * The broker's topic ids, for requests that name topics by id (OffsetCommit v10, OffsetFetch v10, TxnOffsetCommit
 * v6): a handler resolves ids to names on the way in and names to ids on the way out.
 *
 * <p>Implementations are thread-safe.
 */
public interface TopicIds {
    /** No topics: every id is unknown (handler tests without a registry). */
    TopicIds NONE = new TopicIds() {
        @Override
        public Optional<String> name(UUID id) {
            return Optional.empty();
        }

        @Override
        public Optional<UUID> id(String name) {
            return Optional.empty();
        }
    };

    /** The name of the topic with this id, if it exists. */
    Optional<String> name(UUID id);

    /** The id of the topic with this name, if it exists. */
    Optional<UUID> id(String name);

    /** The ids of a topic registry's topics. */
    static TopicIds of(TopicRegistry topics) {
        return new TopicIds() {
            @Override
            public Optional<String> name(UUID id) {
                return topics.topic(id).map(Topic::name);
            }

            @Override
            public Optional<UUID> id(String name) {
                return topics.topic(name).map(Topic::id);
            }
        };
    }
}
