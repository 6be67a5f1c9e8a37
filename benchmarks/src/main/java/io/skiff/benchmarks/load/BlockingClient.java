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
package io.skiff.benchmarks.load;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;

/**
 * One blocking connection that speaks the Kafka protocol with Skiff's message classes: enough of a client to put
 * load on a broker without kafka-clients (which may not be on a runtime classpath of ours).
 *
 * <p>Not thread-safe: one request at a time.
 */
final class BlockingClient implements Closeable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private int correlationId;

    BlockingClient(String host, int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), 30_000);
        socket.setSoTimeout(60_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Sends {@code body} as {@code api} at {@code version} and returns the decoded answer. */
    ApiMessage send(ApiKeys api, short version, ApiMessage body) throws IOException {
        RequestHeader header = new RequestHeader(api, version, ++correlationId, "skiff-resource-load");
        ByteBuffer frame = ByteBuffer.allocate(4 + header.size() + body.size(version));
        frame.putInt(frame.capacity() - 4);
        ByteBufferAccessor writer = new ByteBufferAccessor(frame);
        header.write(writer);
        body.write(writer, version);
        out.write(frame.array());
        out.flush();
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        ByteBuffer answer = ByteBuffer.wrap(bytes);
        ResponseHeader.readCorrelationId(answer, api.responseHeaderVersion(version));
        ApiMessage response = api.newResponse();
        response.read(new ByteBufferAccessor(answer), version);
        return response;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
