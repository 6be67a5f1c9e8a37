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

/**
 * Creates the repartition and changelog topics a streams group's topology needs (Kafka's coordinator asks its
 * controller). Implementations must be thread-safe; they are called without any group's lock held.
 */
public interface InternalTopicCreator {

    /** Creates the topic; an existing topic of that name is not an error. Throws with the reason otherwise. */
    void create(StreamsTopology.InternalTopic topic);

    /** A creator that creates nothing (coordinators without topics): members see MISSING_INTERNAL_TOPICS. */
    InternalTopicCreator NONE = topic -> {
        throw new UnsupportedOperationException("This coordinator creates no topics.");
    };
}
