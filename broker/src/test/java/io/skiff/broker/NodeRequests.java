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
package io.skiff.broker;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.kafka.common.message.FindCoordinatorRequestData;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.FindCoordinatorRequest;
import org.apache.kafka.common.requests.FindCoordinatorResponse;
import org.apache.kafka.common.requests.RequestHeader;

/** Raw requests to one node of a simulated cluster, built and parsed with Kafka's own classes. */
final class NodeRequests {
    private static int correlation;

    private NodeRequests() {}

    /** Sends one request to one node over a fresh connection and returns its parsed answer. */
    static <T extends AbstractResponse> T send(
            SkiffServer kafka, int node, AbstractRequest.Builder<?> builder, short version) throws IOException {
        String[] hostPort = kafka.nodes().bootstrapServers(node).split(",")[0].split(":");
        return send(hostPort[0], Integer.parseInt(hostPort[1]), builder, version);
    }

    /** Sends one request to a single-node server over a fresh connection and returns its parsed answer. */
    static <T extends AbstractResponse> T send(SkiffServer kafka, AbstractRequest.Builder<?> builder, short version)
            throws IOException {
        return send("127.0.0.1", kafka.port(), builder, version);
    }

    /** Sends one built request to a single-node server over a fresh connection and returns its parsed answer. */
    static <T extends AbstractResponse> T send(SkiffServer kafka, AbstractRequest request) throws IOException {
        return send("127.0.0.1", kafka.port(), request);
    }

    private static <T extends AbstractResponse> T send(
            String host, int port, AbstractRequest.Builder<?> builder, short version) throws IOException {
        return send(host, port, builder.build(version));
    }

    @SuppressWarnings("unchecked")
    private static synchronized <T extends AbstractResponse> T send(String host, int port, AbstractRequest request)
            throws IOException {
        RequestHeader header = new RequestHeader(request.apiKey(), request.version(), "raw", ++correlation);
        ByteBuffer bytes = request.serializeWithHeader(header);
        try (Socket socket = new Socket(host, port)) {
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            byte[] body = new byte[bytes.remaining()];
            bytes.get(body);
            out.writeInt(body.length);
            out.write(body);
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] answer = new byte[in.readInt()];
            in.readFully(answer);
            return (T) AbstractResponse.parseResponse(ByteBuffer.wrap(answer), header);
        }
    }

    /** The node FindCoordinator (asked of the first node) names for a group (key type 0) or transactional id (1). */
    static int coordinator(SkiffServer kafka, byte keyType, String key) throws IOException {
        FindCoordinatorResponse found = send(
                kafka,
                kafka.nodes().ids().get(0),
                new FindCoordinatorRequest.Builder(
                        new FindCoordinatorRequestData().setKeyType(keyType).setCoordinatorKeys(List.of(key))),
                (short) 4);
        return found.data().coordinators().get(0).nodeId();
    }
}
