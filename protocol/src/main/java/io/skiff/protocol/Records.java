package io.skiff.protocol;

/** The opaque bytes of a {@code records} field (record batches), never decoded by the message layer. */
public interface Records {
    int sizeInBytes();
}
