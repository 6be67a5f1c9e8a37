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
package io.skiff.compat.differential;

import io.skiff.protocol.ApiMessage;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * One blocking socket to a broker that sends requests encoded with Skiff's generated message classes and decodes the
 * answers with them, so that Skiff and Kafka are read by the same code. A broker that closes the connection instead
 * of answering is an outcome to compare, not an error: {@link Reply#closed()}. Reconnects on the next request.
 *
 * <p>Not thread-safe: one request at a time.
 */
final class WireConnection implements Closeable {
    private final String host;
    private final int port;
    private Socket socket;
    private DataInputStream in;
    private OutputStream out;
    private int correlationId;

    WireConnection(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** What a broker did with one request. */
    record Reply(ApiMessage body, String failure) {
        static Reply closed(String why) {
            return new Reply(null, why);
        }

        boolean isClosed() {
            return body == null;
        }
    }

    /** Sends {@code body} as {@code api} at {@code version}; waits for and decodes the answer. */
    Reply send(ApiKeys api, short version, ApiMessage body) throws IOException {
        return send(api, version, body, version);
    }

    /**
     * As {@link #send(ApiKeys, short, ApiMessage)}, with the body encoded at {@code bodyVersion} (to put a body of
     * one version under a header claiming another).
     */
    Reply send(ApiKeys api, short version, ApiMessage body, short bodyVersion) throws IOException {
        return send(api, version, body, bodyVersion, "skiff-differential");
    }

    /** As {@link #send(ApiKeys, short, ApiMessage)}, under another client id (a captured client's). */
    Reply send(ApiKeys api, short version, ApiMessage body, String clientId) throws IOException {
        return send(api, version, body, version, clientId);
    }

    private Reply send(ApiKeys api, short version, ApiMessage body, short bodyVersion, String clientId)
            throws IOException {
        RequestHeader header = new RequestHeader(api, version, ++correlationId, clientId);
        ByteBuffer frame = ByteBuffer.allocate(4 + header.size() + body.size(bodyVersion));
        frame.putInt(frame.capacity() - 4);
        ByteBufferAccessor writer = new ByteBufferAccessor(frame);
        header.write(writer);
        body.write(writer, bodyVersion);
        frame.flip();
        return exchange(api, version, frame, correlationId);
    }

    /** Sends {@code body} and reads nothing: for requests the broker does not answer (Produce with acks=0). */
    void sendWithoutAnswer(ApiKeys api, short version, ApiMessage body, String clientId) throws IOException {
        RequestHeader header = new RequestHeader(api, version, ++correlationId, clientId);
        ByteBuffer frame = ByteBuffer.allocate(4 + header.size() + body.size(version));
        frame.putInt(frame.capacity() - 4);
        ByteBufferAccessor writer = new ByteBufferAccessor(frame);
        header.write(writer);
        body.write(writer, version);
        connect();
        try {
            out.write(frame.array(), 0, frame.capacity());
            out.flush();
        } catch (SocketException e) {
            disconnect();
        }
    }

    /** Sends a frame (with its size prefix) and decodes the answer as {@code api} at {@code version}. */
    Reply exchange(ApiKeys api, short version, ByteBuffer frame, int expectedCorrelationId) throws IOException {
        connect();
        try {
            out.write(frame.array(), frame.arrayOffset() + frame.position(), frame.remaining());
            out.flush();
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            return decode(api, version, ByteBuffer.wrap(bytes), expectedCorrelationId);
        } catch (EOFException | SocketException e) {
            disconnect();
            return Reply.closed("connection closed");
        } catch (SocketTimeoutException e) {
            disconnect();
            return Reply.closed("no answer within the socket timeout");
        }
    }

    private static Reply decode(ApiKeys api, short version, ByteBuffer buf, int expectedCorrelationId) {
        int correlation = ResponseHeader.readCorrelationId(buf, api.responseHeaderVersion(version));
        if (correlation != expectedCorrelationId) {
            throw new IllegalStateException("correlation id " + correlation + ", expected " + expectedCorrelationId);
        }
        ApiMessage response = api.newResponse();
        int start = buf.position();
        try {
            response.read(new ByteBufferAccessor(buf), version);
        } catch (RuntimeException e) {
            buf.position(start);
            byte[] rest = new byte[buf.remaining()];
            buf.get(rest);
            return new Reply(
                    null,
                    "undecodable answer (" + e.getMessage() + "): "
                            + HexFormat.of().formatHex(rest));
        }
        return new Reply(response, null);
    }

    private void connect() throws IOException {
        if (socket != null) {
            return;
        }
        socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), 10_000);
        socket.setSoTimeout(30_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    private void disconnect() throws IOException {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }

    @Override
    public void close() throws IOException {
        disconnect();
    }
}
