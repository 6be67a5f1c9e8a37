package io.skiff.broker.topic;

/** The topic or partition does not exist, or was deleted meanwhile (Kafka: UNKNOWN_TOPIC_OR_PARTITION). */
public final class UnknownTopicException extends RuntimeException {
    public UnknownTopicException(String message) {
        super(message);
    }
}
