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
package io.skiff.broker.server;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Encodes requests with our own message classes and decodes responses, over a {@link RawClient}. */
final class KafkaTestClient implements AutoCloseable {
    final RawClient raw;

    KafkaTestClient(int port) throws IOException {
        raw = new RawClient(port);
    }

    /** The frame body (no size prefix) of a request. */
    static byte[] requestBytes(ApiKeys api, short version, int correlationId, ApiMessage body) {
        RequestHeader header = new RequestHeader(api, version, correlationId, "test-client");
        ByteBuffer buf = ByteBuffer.allocate(header.size() + body.size(version));
        ByteBufferAccessor out = new ByteBufferAccessor(buf);
        header.write(out);
        body.write(out, version);
        return buf.array();
    }

    void send(ApiKeys api, short version, int correlationId, ApiMessage body) throws IOException {
        raw.writeFrame(requestBytes(api, version, correlationId, body));
    }

    /** Reads one response; checks its correlation id and decodes the body as {@code api} at {@code version}. */
    <T extends ApiMessage> T receive(ApiKeys api, short version, int expectedCorrelationId) throws IOException {
        return receive(api, version, api.responseHeaderVersion(version), expectedCorrelationId);
    }

    @SuppressWarnings("unchecked")
    <T extends ApiMessage> T receive(ApiKeys api, short version, short headerVersion, int expectedCorrelationId)
            throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(raw.readFrame());
        int correlationId = ResponseHeader.readCorrelationId(buf, headerVersion);
        if (correlationId != expectedCorrelationId) {
            throw new AssertionError("expected correlation id " + expectedCorrelationId + " but got " + correlationId);
        }
        ApiMessage body = api.newResponse();
        body.read(new ByteBufferAccessor(buf), version);
        if (buf.hasRemaining()) {
            throw new AssertionError(
                    buf.remaining() + " unread bytes after the " + api.name + " v" + version + " response");
        }
        return (T) body;
    }

    @Override
    public void close() throws IOException {
        raw.close();
    }
}
