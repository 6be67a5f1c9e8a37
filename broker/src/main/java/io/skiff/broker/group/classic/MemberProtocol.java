/*
 * Copyright 2026 The Skiff authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
