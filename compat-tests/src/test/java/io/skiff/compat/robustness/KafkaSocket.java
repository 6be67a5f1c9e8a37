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
package io.skiff.compat.robustness;

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
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.RequestHeader;

/**
 * One blocking socket to the broker for robustness tests: sends raw bytes or well-formed requests (encoded by
 * kafka-clients' own classes) and reads one answer, telling "answered", "closed by the broker" and "no answer yet"
 * apart.
 *
 * <p>Not thread-safe: one request at a time.
 */
final class KafkaSocket implements Closeable {
    /** What became of a frame sent on this socket. */
    enum Outcome {
        ANSWERED,
        CLOSED,
        NO_ANSWER
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private int correlationId;
    private byte[] lastResponse;

    KafkaSocket(int port, int readTimeoutMs) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(readTimeoutMs);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Writes {@code bytes} as they are; false if the broker already closed the connection. */
    boolean write(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    /**
     * Waits for one response frame. ANSWERED only if its correlation id is {@code expectedCorrelationId} (any other
     * id is an error of the broker and throws); CLOSED on end of stream or reset; NO_ANSWER after the read timeout.
     */
    Outcome awaitResponse(int expectedCorrelationId) throws IOException {
        try {
            int size = in.readInt();
            if (size < 4 || size > 64 * 1024 * 1024) {
                throw new AssertionError("response frame of impossible size " + size);
            }
            byte[] body = new byte[size];
            in.readFully(body);
            int correlation = ByteBuffer.wrap(body).getInt();
            if (correlation != expectedCorrelationId) {
                throw new AssertionError(
                        "response has correlation id " + correlation + ", expected " + expectedCorrelationId);
            }
            lastResponse = body;
            return Outcome.ANSWERED;
        } catch (EOFException | SocketException closed) {
            return Outcome.CLOSED;
        } catch (SocketTimeoutException slow) {
            return Outcome.NO_ANSWER;
        }
    }

    /** Sends {@code request} (at the version it was built for) and parses the response; fails if there is none. */
    @SuppressWarnings("unchecked")
    <R extends AbstractResponse> R send(AbstractRequest request) throws IOException {
        RequestHeader header =
                new RequestHeader(request.apiKey(), request.version(), "robustness-test", ++correlationId);
        ByteBuffer bytes = request.serializeWithHeader(header);
        byte[] frame = new byte[4 + bytes.remaining()];
        ByteBuffer.wrap(frame).putInt(bytes.remaining()).put(bytes);
        if (!write(frame)) {
            throw new AssertionError("broker closed the connection before " + request.apiKey());
        }
        Outcome outcome = awaitResponse(correlationId);
        if (outcome != Outcome.ANSWERED) {
            throw new AssertionError(request.apiKey() + " v" + request.version() + ": " + outcome);
        }
        return (R) AbstractResponse.parseResponse(ByteBuffer.wrap(lastResponse), header);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
