package io.skiff.broker.handler;

/**
 * Thrown (or completed exceptionally) by a {@link io.skiff.broker.server.RequestProcessor} when the request is one
 * the protocol gives no error answer for — an unknown API key, an unsupported version, an undecodable body: the
 * connection is closed and the reason logged at INFO, throttled.
 */
public final class CloseConnectionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CloseConnectionException(String reason) {
        super(reason, null, false, false);
    }

    public CloseConnectionException(String reason, Throwable cause) {
        super(reason, cause, false, false);
    }
}
