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

import io.skiff.broker.group.GroupCoordinators;
import io.skiff.broker.group.common.TopicsView;
import io.skiff.broker.group.common.TopicsView.TopicInfo;
import io.skiff.broker.topic.TopicRegistry;
import java.util.Optional;
import java.util.UUID;

/**
 * The broker's topic ids, for requests that name topics by id (OffsetCommit v10, OffsetFetch v10, TxnOffsetCommit
 * v6): a handler resolves ids to names on the way in and names to ids on the way out. Read from the view of the
 * topics the group coordinator has.
 *
 * <p>Thread-safe as its view.
 *
 * @param topics the broker's topics
 */
public record TopicIds(TopicsView topics) {
    /** No topics: every id is unknown (handler tests without a registry). */
    public static final TopicIds NONE = new TopicIds(TopicsView.NONE);

    /** The ids of a topic registry's topics. */
    public static TopicIds of(TopicRegistry registry) {
        return new TopicIds(GroupCoordinators.topicsView(registry));
    }

    /** The name of the topic with this id, if it exists. */
    public Optional<String> name(UUID id) {
        return topics.byId(id).map(TopicInfo::name);
    }

    /** The id of the topic with this name, if it exists. */
    public Optional<UUID> id(String name) {
        return topics.byName(name).map(TopicInfo::id);
    }
}
