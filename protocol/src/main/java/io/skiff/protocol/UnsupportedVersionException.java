package io.skiff.protocol;

/**
 * A message cannot be read or written at the requested version, e.g. a non-ignorable field holds a
 * non-default value at a version that lacks the field (as Kafka's generated code reports it).
 */
public class UnsupportedVersionException extends ProtocolException {
    public UnsupportedVersionException(String message) {
        super(message);
    }
}
