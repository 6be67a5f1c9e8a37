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
package io.skiff.broker.group;

import io.skiff.broker.group.common.TopicsView;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link TopicsView} whose topics tests create, grow and delete. Thread-safe. */
public final class FakeTopics implements TopicsView {
    private final Map<String, TopicInfo> byName = new ConcurrentHashMap<>();

    public UUID create(String name, int partitions) {
        UUID id = UUID.nameUUIDFromBytes(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        byName.put(name, new TopicInfo(id, name, partitions));
        return id;
    }

    void grow(String name, int partitions) {
        TopicInfo t = byName.get(name);
        byName.put(name, new TopicInfo(t.id(), name, partitions));
    }

    void delete(String name) {
        byName.remove(name);
    }

    UUID id(String name) {
        return byName.get(name).id();
    }

    @Override
    public Optional<TopicInfo> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    public Optional<TopicInfo> byId(UUID id) {
        return byName.values().stream().filter(t -> t.id().equals(id)).findFirst();
    }

    @Override
    public Collection<TopicInfo> userTopics() {
        return List.copyOf(byName.values());
    }
}
