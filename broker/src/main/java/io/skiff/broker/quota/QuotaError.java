package io.skiff.broker.quota;

import io.skiff.protocol.Errors;

/**
 * The outcome of a quota operation for one entity, or of a describe filter: an error code and Kafka's message.
 *
 * @param error   Errors.NONE on success
 * @param message Kafka's message, null on success
 */
public record QuotaError(Errors error, String message) {
    public static final QuotaError NONE = new QuotaError(Errors.NONE, null);

    static QuotaError invalid(String message) {
        return new QuotaError(Errors.INVALID_REQUEST, message);
    }

    public boolean isFailure() {
        return error != Errors.NONE;
    }
}
