package io.skiff.broker.handler;

import io.skiff.protocol.Errors;

/**
 * The outcome of one admin operation on one resource (a topic, a broker): an error code and the message Kafka
 * would send with it ({@code null} when Kafka sends none).
 *
 * <p>Immutable; thread-safe.
 *
 * @param error   the error, {@link Errors#NONE} on success
 * @param message the error message, or null
 */
record ResourceError(Errors error, String message) {
    static final ResourceError NONE = new ResourceError(Errors.NONE, null);

    static ResourceError of(Errors error, String message) {
        return new ResourceError(error, message);
    }

    boolean isFailure() {
        return error != Errors.NONE;
    }

    short code() {
        return error.code();
    }
}
