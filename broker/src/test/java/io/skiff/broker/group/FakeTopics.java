package io.skiff.broker.group;

import io.skiff.broker.group.common.TopicsView;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link TopicsView} whose topics tests create, grow and delete. Thread-safe. */
final class FakeTopics implements TopicsView {
    private final Map<String, TopicInfo> byName = new ConcurrentHashMap<>();

    UUID create(String name, int partitions) {
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
