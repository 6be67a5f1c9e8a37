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
import io.skiff.protocol.ByteUtils;
import io.skiff.protocol.InvalidRequestException;
import io.skiff.protocol.ProtocolException;
import io.skiff.protocol.RawTaggedField;
import io.skiff.protocol.Writable;
import io.skiff.protocol.message.ApiKeys;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A request header. v1: apiKey int16, apiVersion int16, correlationId int32, clientId nullable int16-length
 * string (never compact, even in flexible versions); v2 (flexible versions) adds a tagged-field section.
 * v0 (no client id) is only used by ControlledShutdown v0, which Skiff does not speak. Immutable (the unknown
 * tagged fields are copied).
 */
public record RequestHeader(
        short apiKey,
        short apiVersion,
        int correlationId,
        String clientId,
        short headerVersion,
        List<RawTaggedField> unknownTaggedFields) {
    public RequestHeader {
        unknownTaggedFields = List.copyOf(unknownTaggedFields);
    }

    /** A header for {@code api} at {@code apiVersion}, with the header version the API implies. */
    public RequestHeader(ApiKeys api, short apiVersion, int correlationId, String clientId) {
        this(api.id, apiVersion, correlationId, clientId, api.requestHeaderVersion(apiVersion), List.of());
    }

    /**
     * Reads a header from the buffer's position, leaving the buffer at the request body. The header version
     * follows from the API key and version (2 for flexible versions, also for versions above the ones we know).
     *
     * @throws InvalidRequestException for an unknown API key or a truncated/garbled header
     */
    public static RequestHeader read(ByteBuffer buf) {
        return read(buf, null);
    }

    /**
     * As {@link #read(ByteBuffer)}, the client id taken from {@code clientIds} (the connection's cache) when it is
     * the one the connection sent before; {@code null} decodes it anew.
     */
    public static RequestHeader read(ByteBuffer buf, ClientIdCache clientIds) {
        try {
            ByteBufferAccessor in = new ByteBufferAccessor(buf);
            short apiKey = in.readShort();
            short apiVersion = in.readShort();
            ApiKeys api = ApiKeys.forId(apiKey);
            if (api == null) {
                throw new InvalidRequestException("unknown API key " + apiKey);
            }
            short headerVersion = api.requestHeaderVersion(apiVersion);
            int correlationId = in.readInt();
            String clientId = clientIds == null ? in.readNullableString(false) : clientIds.read(buf);
            List<RawTaggedField> tagged = List.of();
            if (headerVersion >= 2) {
                int n = in.readUnsignedVarint();
                if (n > 0) {
                    tagged = new ArrayList<>(Math.min(n, in.remaining()));
                }
                for (int i = 0; i < n; i++) {
                    int tag = in.readUnsignedVarint();
                    int size = in.readUnsignedVarint();
                    if (size < 0 || size > in.remaining()) {
                        throw new ProtocolException("tagged field " + tag + " claims " + Integer.toUnsignedString(size)
                                + " bytes, only " + in.remaining() + " remain");
                    }
                    tagged.add(new RawTaggedField(tag, in.readByteArray(size)));
                }
            }
            return new RequestHeader(apiKey, apiVersion, correlationId, clientId, headerVersion, tagged);
        } catch (InvalidRequestException e) {
            throw e;
        } catch (ProtocolException e) {
            throw new InvalidRequestException("malformed request header: " + e.getMessage(), e);
        }
    }

    public int size() {
        int size = 8 + ByteUtils.sizeOfNullableString(clientId, false);
        if (headerVersion >= 2) {
            size += ByteUtils.sizeOfUnsignedVarint(unknownTaggedFields.size())
                    + RawTaggedField.totalSize(unknownTaggedFields);
        }
        return size;
    }

    public void write(Writable out) {
        out.writeShort(apiKey);
        out.writeShort(apiVersion);
        out.writeInt(correlationId);
        out.writeNullableString(clientId, false);
        if (headerVersion >= 2) {
            out.writeUnsignedVarint(unknownTaggedFields.size());
            RawTaggedField.writeBefore(out, unknownTaggedFields, 0, -1);
        }
    }

    /** The API, or null if the key is unknown (only possible for headers built by hand). */
    public ApiKeys api() {
        return ApiKeys.forId(apiKey);
    }

    @Override
    public String toString() {
        return "RequestHeader(apiKey=" + apiKey + ", apiVersion=" + apiVersion + ", correlationId=" + correlationId
                + ", clientId=" + clientId + ", headerVersion=" + headerVersion + ")";
    }
}
