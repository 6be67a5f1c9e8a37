package io.skiff.broker.security.sasl;

import io.skiff.broker.security.principal.KafkaPrincipal;

/**
 * The server side of one SASL exchange: takes each token the client sends (SaslAuthenticate's authBytes) and
 * returns the token to answer with, until {@link #isComplete()}.
 *
 * <p>Not thread-safe: one per exchange; the connection sends its tokens one at a time.
 */
public interface SaslAuthenticator {
    /** The mechanism's name, e.g. {@code SCRAM-SHA-256}. */
    String mechanism();

    /**
     * Evaluates one client token.
     *
     * @return the server token to send back (empty when there is nothing to say)
     * @throws SaslAuthenticationException when the client is refused; its message is what the client is told
     */
    byte[] evaluate(byte[] clientToken) throws SaslAuthenticationException;

    /** Whether the exchange succeeded. */
    boolean isComplete();

    /** The authenticated principal; only once {@link #isComplete()}. */
    KafkaPrincipal principal();

    /** When the credential itself expires (an OAuth token's {@code exp}), epoch ms; {@code Long.MAX_VALUE} if never. */
    default long credentialExpiryMs() {
        return Long.MAX_VALUE;
    }
}
