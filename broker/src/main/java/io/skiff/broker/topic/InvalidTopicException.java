package io.skiff.broker.topic;

/** A topic name is illegal or collides with an existing one (Kafka: INVALID_TOPIC_EXCEPTION). */
public final class InvalidTopicException extends RuntimeException {
    public InvalidTopicException(String message) {
        super(message);
    }
}
