package io.skiff.broker.group.classic;

import java.util.Arrays;
import java.util.Objects;

/**
 * One protocol a member supports (for consumers: an assignor name) with its opaque metadata
 * (for consumers: the serialized subscription). Immutable (the array is not copied; callers must
 * not modify it), thread-safe.
 */
public record MemberProtocol(String name, byte[] metadata) {
    public MemberProtocol {
        Objects.requireNonNull(name, "name");
        metadata = metadata == null ? new byte[0] : metadata;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MemberProtocol p && name.equals(p.name) && Arrays.equals(metadata, p.metadata);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(metadata);
    }

    @Override
    public String toString() {
        return "MemberProtocol(" + name + ", " + metadata.length + " bytes)";
    }
}
