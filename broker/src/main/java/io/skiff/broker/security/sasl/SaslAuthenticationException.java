package io.skiff.broker.security.sasl;

/**
 * A client failed to authenticate; the message is sent to it in SaslAuthenticate's errorMessage with
 * SASL_AUTHENTICATION_FAILED, worded as Kafka words it.
 */
public final class SaslAuthenticationException extends Exception {
    private static final long serialVersionUID = 1L;

    public SaslAuthenticationException(String message) {
        super(message, null, false, false);
    }
}
