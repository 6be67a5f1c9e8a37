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

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;

/** A blocking test client over a plain socket: writes raw bytes or size-prefixed frames, reads frames. */
final class RawClient implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    RawClient(int port) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(15_000);
        socket.setTcpNoDelay(true);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    static byte[] frame(byte[] body) {
        return ByteBuffer.allocate(4 + body.length)
                .putInt(body.length)
                .put(body)
                .array();
    }

    static byte[] frame(ByteBuffer body) {
        ByteBuffer copy = body.duplicate();
        ByteBuffer framed = ByteBuffer.allocate(4 + copy.remaining())
                .putInt(copy.remaining())
                .put(copy);
        return framed.array();
    }

    void writeRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void writeFrame(byte[] body) throws IOException {
        writeRaw(frame(body));
    }

    /** Reads one size-prefixed frame (blocks up to the socket timeout). */
    byte[] readFrame() throws IOException {
        int size = in.readInt();
        byte[] body = new byte[size];
        in.readFully(body);
        return body;
    }

    /** Blocks until the server closes the connection; fails if it sends anything first. */
    boolean awaitClosedByServer() throws IOException {
        try {
            int b = in.read();
            if (b != -1) {
                throw new AssertionError("expected the connection to be closed, got byte " + b);
            }
            return true;
        } catch (EOFException | SocketException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
