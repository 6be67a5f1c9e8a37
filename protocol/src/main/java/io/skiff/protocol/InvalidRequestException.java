package io.skiff.protocol;

/** A request frame that cannot be understood (garbage header, unknown API key, truncated body). */
public class InvalidRequestException extends ProtocolException {
    public InvalidRequestException(String message) {
        super(message);
    }

    public InvalidRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
