package io.skiff.broker.security.sasl;

/**
 * What the broker keeps of a SCRAM password (RFC 5802): never the password, only the salt, the stored key
 * {@code H(ClientKey)} and the server key, with the iteration count.
 *
 * <p>Immutable by convention: callers must not change the arrays.
 */
public record ScramCredential(byte[] salt, byte[] storedKey, byte[] serverKey, int iterations) {}
