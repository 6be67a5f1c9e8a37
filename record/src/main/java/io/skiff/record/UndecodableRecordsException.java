package io.skiff.record;

/**
 * A compressed batch whose payload the codec named in its attributes cannot decode (damaged data, another codec's
 * bytes, an unknown codec id). Kafka answers such a produce with UNKNOWN_SERVER_ERROR, since its decompression
 * fails with a generic error; the broker does the same, but logs it as the client's fault.
 */
public class UndecodableRecordsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UndecodableRecordsException(String message, Throwable cause) {
        super(message, cause);
    }
}
