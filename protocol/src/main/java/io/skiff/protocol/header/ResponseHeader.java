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
package io.skiff.protocol.header;

import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.Writable;
import java.nio.ByteBuffer;

/**
 * Response header: v0 = correlationId int32; v1 adds an (empty) tagged-field section. Use
 * {@code ApiKeys.responseHeaderVersion(version)}: ApiVersions responses always use v0. Stateless.
 */
public final class ResponseHeader {
    private ResponseHeader() {}

    public static int size(short headerVersion) {
        return headerVersion >= 1 ? 5 : 4;
    }

    public static void write(Writable out, int correlationId, short headerVersion) {
        out.writeInt(correlationId);
        if (headerVersion >= 1) {
            out.writeUnsignedVarint(0);
        }
    }

    /**
     * Reads a response header (for clients and tests), skipping any tagged fields; returns the correlation id
     * and leaves the buffer at the body.
     */
    public static int readCorrelationId(ByteBuffer buf, short headerVersion) {
        ByteBufferAccessor in = new ByteBufferAccessor(buf);
        int correlationId = in.readInt();
        if (headerVersion >= 1) {
            int n = in.readUnsignedVarint();
            for (int i = 0; i < n; i++) {
                in.readUnsignedVarint();
                int size = in.readUnsignedVarint();
                in.readByteArray(size);
            }
        }
        return correlationId;
    }
}
