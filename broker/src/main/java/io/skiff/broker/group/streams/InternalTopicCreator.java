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
