package io.skiff.protocol;

/** A message could not be decoded or encoded: malformed or truncated bytes, or an invalid value. */
public class ProtocolException extends RuntimeException {
    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
