package io.skiff.broker.share;

import java.util.UUID;

/** A partition named by its topic's id, as the share APIs name it. Immutable, thread-safe. */
public record TopicIdPartition(UUID topicId, int partition) {}
