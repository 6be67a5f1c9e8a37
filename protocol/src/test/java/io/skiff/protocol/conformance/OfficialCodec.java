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
package io.skiff.protocol.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import org.apache.kafka.common.message.ApiMessageType;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.protocol.types.Schema;

/** Encodes, decodes and converts official kafka-clients messages (test helper). Stateless. */
final class OfficialCodec {
    private OfficialCodec() {}

    static ApiMessage newMessage(short apiKey, boolean request) {
        ApiMessageType type = ApiMessageType.fromApiKey(apiKey);
        return request ? type.newRequest() : type.newResponse();
    }

    static byte[] encode(ApiMessage m, short version) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = m.size(cache, version);
        ByteBuffer buf = ByteBuffer.allocate(size);
        m.write(new ByteBufferAccessor(buf), cache, version);
        if (buf.hasRemaining()) {
            throw new AssertionError("official size() disagrees with write()");
        }
        return buf.array();
    }

    static ApiMessage decode(short apiKey, boolean request, byte[] bytes, short version) {
        ApiMessage m = newMessage(apiKey, request);
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        m.read(new ByteBufferAccessor(buf), version);
        if (buf.hasRemaining()) {
            throw new AssertionError("official decoder left " + buf.remaining() + " bytes unread");
        }
        return m;
    }

    private static Class<?> converter(ApiMessage m) throws ClassNotFoundException {
        return Class.forName(m.getClass().getName() + "JsonConverter");
    }

    static ApiMessage fromJson(short apiKey, boolean request, JsonNode json, short version) {
        try {
            Class<?> dataClass = newMessage(apiKey, request).getClass();
            Method read = converter(newMessage(apiKey, request)).getMethod("read", JsonNode.class, short.class);
            return (ApiMessage) dataClass.cast(read.invoke(null, json, version));
        } catch (InvocationTargetException e) {
            throw new AssertionError("official converter rejected our JSON: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Readable JSON of an official message (records shown by size), or the reason it cannot be shown. */
    static String toJson(ApiMessage m, short version) {
        try {
            Method write = converter(m).getMethod("write", m.getClass(), short.class, boolean.class);
            return ((JsonNode) write.invoke(null, m, version, false)).toPrettyString();
        } catch (InvocationTargetException e) {
            return "<cannot render: " + e.getCause() + ">";
        } catch (ReflectiveOperationException e) {
            return "<cannot render: " + e + ">";
        }
    }

    static Schema schema(ApiMessage m, short version) {
        try {
            Schema[] schemas = (Schema[]) m.getClass().getField("SCHEMAS").get(null);
            return schemas[version];
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
