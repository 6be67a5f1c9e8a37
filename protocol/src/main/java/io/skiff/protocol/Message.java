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
package io.skiff.protocol;

import java.util.List;

/**
 * A generated struct that can be read, written and sized at a protocol version. Generated messages are plain mutable
 * objects and not thread-safe: a request is decoded and handled, and a response built and encoded, by one thread at
 * a time (the connection's sequencer hands them over with a happens-before edge).
 */
public interface Message {
    /** Replaces this object's content with what {@code in} holds at {@code version}; throws ProtocolException. */
    void read(Readable in, short version);

    /** Encodes this object at {@code version}; throws UnsupportedVersionException if it cannot be expressed. */
    void write(Writable out, short version);

    /** The number of bytes {@link #write} produces at {@code version}. */
    int size(short version);

    /** Tagged fields this version of Skiff does not know; kept on read and written back (mutable list). */
    List<RawTaggedField> unknownTaggedFields();
}
