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
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.common.message.FetchRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.FetchRequest;
import org.apache.kafka.common.requests.FetchResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;

/**
 * A TCP proxy in front of a broker that passes every byte on unchanged and records each Fetch exchange it sees: the
 * request's session id, epoch and partitions, the answer's error, session id and partitions, and the frame sizes. A
 * broker started with {@code advertised.listeners} naming the probe's port keeps clients on the probe. The broker
 * behind it may change ({@link #target}): connections open to the old one end when it stops.
 *
 * <p>Thread-safe: one pair of pump threads per connection; {@link #fetches()} is a concurrent list.
 */
final class FetchTrafficProbe implements Closeable {
    /** One Fetch request and its answer. */
    record Exchange(
            int requestSessionId,
            int requestEpoch,
            int requestPartitions,
            int forgottenPartitions,
            int requestBytes,
            short error,
            int sessionId,
            int partitions,
            int responseBytes) {
        boolean incremental() {
            return requestEpoch > 0;
        }
    }

    private final ServerSocket server;
    private final List<Exchange> fetches = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile int targetPort;

    FetchTrafficProbe() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::acceptLoop, "fetch-probe-accept");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /** The broker port that new connections go to. */
    void target(int port) {
        targetPort = port;
    }

    List<Exchange> fetches() {
        return fetches;
    }

    /** A request sent on one connection and not answered yet. */
    private record Pending(ApiKeys api, short version, FetchRequestData fetch, int size) {}

    private void acceptLoop() {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                Socket broker = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                sockets.add(client);
                sockets.add(broker);
                Map<Integer, Pending> inFlight = new ConcurrentHashMap<>();
                start(() -> pump(client, broker, true, inFlight));
                start(() -> pump(broker, client, false, inFlight));
            } catch (IOException e) {
                closeQuietly(client); // the broker is down: the client sees a refused connection and retries
            }
        }
    }

    private static void start(Runnable r) {
        Thread t = new Thread(r, "fetch-probe-pump");
        t.setDaemon(true);
        t.start();
    }

    private void pump(Socket from, Socket to, boolean requests, Map<Integer, Pending> inFlight) {
        try (from;
                to) {
            DataInputStream in = new DataInputStream(from.getInputStream());
            DataOutputStream out = new DataOutputStream(to.getOutputStream());
            while (true) {
                int size = in.readInt();
                byte[] frame = new byte[size];
                in.readFully(frame);
                if (requests) {
                    onRequest(ByteBuffer.wrap(frame), size, inFlight);
                } else {
                    onResponse(ByteBuffer.wrap(frame), size, inFlight);
                }
                out.writeInt(size);
                out.write(frame);
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // one side closed: both go
        }
    }

    private static void onRequest(ByteBuffer frame, int size, Map<Integer, Pending> inFlight) {
        RequestHeader header = RequestHeader.parse(frame);
        FetchRequestData fetch = null;
        if (header.apiKey() == ApiKeys.FETCH) {
            fetch = ((FetchRequest) AbstractRequest.parseRequest(
                                    ApiKeys.FETCH, header.apiVersion(), new ByteBufferAccessor(frame))
                            .request)
                    .data();
        }
        inFlight.put(header.correlationId(), new Pending(header.apiKey(), header.apiVersion(), fetch, size));
    }

    private void onResponse(ByteBuffer frame, int size, Map<Integer, Pending> inFlight) {
        Pending sent = inFlight.remove(frame.getInt(0));
        if (sent == null || sent.api() != ApiKeys.FETCH) {
            return;
        }
        ResponseHeader.parse(frame, ApiKeys.FETCH.responseHeaderVersion(sent.version()));
        FetchResponse response = FetchResponse.parse(new ByteBufferAccessor(frame), sent.version());
        fetches.add(new Exchange(
                sent.fetch().sessionId(),
                sent.fetch().sessionEpoch(),
                sent.fetch().topics().stream()
                        .mapToInt(t -> t.partitions().size())
                        .sum(),
                sent.fetch().forgottenTopicsData().stream()
                        .mapToInt(t -> t.partitions().size())
                        .sum(),
                sent.size(),
                response.data().errorCode(),
                response.data().sessionId(),
                response.data().responses().stream()
                        .mapToInt(t -> t.partitions().size())
                        .sum(),
                size));
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
