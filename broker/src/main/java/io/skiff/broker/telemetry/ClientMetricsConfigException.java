package io.skiff.broker.telemetry;

import io.skiff.protocol.Errors;

/** A client-metrics configuration Kafka refuses, with its error code and message. */
public final class ClientMetricsConfigException extends Exception {
    private final transient Errors error;

    ClientMetricsConfigException(Errors error, String message) {
        super(message, null, false, false);
        this.error = error;
    }

    public Errors error() {
        return error;
    }
}
