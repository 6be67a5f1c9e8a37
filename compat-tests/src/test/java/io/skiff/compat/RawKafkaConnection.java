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
package io.skiff.compat;

import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.RequestHeader;

/**
 * One blocking socket to a broker that sends requests encoded by kafka-clients' own request classes and parses the
 * answers with its response classes: for tests that need exact control over what is sent (the same batch twice, a
 * sequence gap), which the producer never does on purpose.
 *
 * <p>Not thread-safe: one request at a time.
 */
public final class RawKafkaConnection implements Closeable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private int correlationId;

    public RawKafkaConnection(String host, int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), 10_000);
        socket.setSoTimeout(30_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Sends {@code request} (at the version it was built for) and returns the parsed response. */
    @SuppressWarnings("unchecked")
    public <R extends AbstractResponse> R send(AbstractRequest request) throws IOException {
        RequestHeader header =
                new RequestHeader(request.apiKey(), request.version(), "raw-compat-test", ++correlationId);
        return (R) AbstractResponse.parseResponse(exchange(request.serializeWithHeader(header)), header);
    }

    /** Sends one frame (header + body, without the size prefix) as given and returns the answer's bytes. */
    public ByteBuffer exchange(ByteBuffer frame) throws IOException {
        out.write(ByteBuffer.allocate(4).putInt(frame.remaining()).array());
        out.write(frame.array(), frame.arrayOffset() + frame.position(), frame.remaining());
        out.flush();
        byte[] response = new byte[in.readInt()];
        in.readFully(response);
        return ByteBuffer.wrap(response);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
