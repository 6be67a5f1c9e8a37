package io.skiff.broker.topic;

/** A topic with this name already exists or is being created (Kafka: TOPIC_ALREADY_EXISTS). */
public final class TopicExistsException extends RuntimeException {
    public TopicExistsException(String message) {
        super(message);
    }
}
