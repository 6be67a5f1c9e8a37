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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.config.ConfigException;
import io.skiff.protocol.ByteBufferAccessor;
import io.skiff.protocol.Errors;
import io.skiff.protocol.header.RequestHeader;
import io.skiff.protocol.header.ResponseHeader;
import io.skiff.protocol.message.ApiKeys;
import io.skiff.protocol.message.ApiVersionsRequest;
import io.skiff.protocol.message.ApiVersionsResponse;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkiffServerTest {
    @TempDir
    Path tmp;

    @Test
    void startsOnAFreePortWithATempDirDeletedOnClose() throws IOException {
        Path dataDir;
        try (SkiffServer server = SkiffServer.builder().start()) {
            assertTrue(server.port() > 0);
            assertEquals("127.0.0.1:" + server.port(), server.bootstrapServers());
            dataDir = server.dataDir();
            assertTrue(Files.exists(dataDir.resolve(MetaProperties.FILE_NAME)));
            assertEquals(Errors.NONE.code(), apiVersions(server.port()).errorCode());
        }
        assertFalse(Files.exists(dataDir), "the temporary data directory is deleted on close");
    }

    @Test
    void givenDataDirIsKeptAndItsIdentitySurvivesARestart() {
        Path dir = tmp.resolve("data");
        String clusterId;
        try (SkiffServer server = SkiffServer.builder().dataDir(dir).start()) {
            clusterId = server.clusterId();
            assertEquals(1, server.nodeId());
        }
        assertTrue(Files.exists(dir.resolve(MetaProperties.FILE_NAME)));
        try (SkiffServer again = SkiffServer.builder().dataDir(dir).start()) {
            assertEquals(clusterId, again.clusterId());
        }
    }

    @Test
    void createdTopicsAreRecoveredOnRestart() {
        Path dir = tmp.resolve("data");
        try (SkiffServer server = SkiffServer.builder().dataDir(dir).start()) {
            assertEquals(0, server.recoveredTopicCount());
            server.createTopic("orders", 3);
            assertThrows(io.skiff.broker.topic.TopicExistsException.class, () -> server.createTopic("orders", 1));
        }
        try (SkiffServer again = SkiffServer.builder().dataDir(dir).start()) {
            assertEquals(1, again.recoveredTopicCount(), "orders (__consumer_offsets is created on first group use)");
            again.createTopic("payments", 1);
        }
    }

    @Test
    void advertisedListenerHostIsUsedWithTheBoundPortWhenItsPortIsZero() {
        try (SkiffServer server = SkiffServer.builder()
                .config("advertised.listeners", "PLAINTEXT://broker.example:0")
                .start()) {
            assertEquals("broker.example:" + server.port(), server.bootstrapServers());
        }
    }

    @Test
    void takenPortIsABindError() {
        try (SkiffServer first = SkiffServer.builder().start()) {
            UncheckedIOException e = assertThrows(
                    UncheckedIOException.class,
                    () -> SkiffServer.builder().port(first.port()).start());
            assertInstanceOf(BindException.class, e.getCause());
        }
    }

    @Test
    void aDataDirInUseByAnotherBrokerIsAnErrorUntilThatOneCloses() {
        Path dir = tmp.resolve("shared");
        SkiffServer first = SkiffServer.builder().dataDir(dir).start();
        UncheckedIOException e = assertThrows(
                UncheckedIOException.class,
                () -> SkiffServer.builder().dataDir(dir).start());
        assertTrue(e.getMessage().contains("in use by another broker"), e.getMessage());
        first.createTopic("still-serving", 1); // the first broker is unharmed by the refused one
        first.close();
        try (SkiffServer second = SkiffServer.builder().dataDir(dir).start()) {
            assertEquals(1, second.recoveredTopicCount());
        }
    }

    @Test
    void dataDirThatIsAFileIsAnError() throws IOException {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
        UncheckedIOException e = assertThrows(
                UncheckedIOException.class,
                () -> SkiffServer.builder().dataDir(file).start());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    @Test
    void invalidConfigurationIsAConfigException() {
        assertThrows(
                ConfigException.class,
                () -> SkiffServer.builder()
                        .config("socket.request.max.bytes", "lots")
                        .start());
    }

    @Test
    void closeIsIdempotentAndStopsAccepting() {
        SkiffServer server = SkiffServer.builder().start();
        int port = server.port();
        server.close();
        server.close();
        assertThrows(IOException.class, () -> apiVersions(port));
    }

    private static ApiVersionsResponse apiVersions(int port) throws IOException {
        short version = 3;
        ApiVersionsRequest request =
                new ApiVersionsRequest().setClientSoftwareName("t").setClientSoftwareVersion("1");
        RequestHeader header = new RequestHeader(ApiKeys.API_VERSIONS, version, 5, "test");
        ByteBuffer buf = ByteBuffer.allocate(4 + header.size() + request.size(version));
        buf.putInt(buf.capacity() - 4);
        ByteBufferAccessor out = new ByteBufferAccessor(buf);
        header.write(out);
        request.write(out, version);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(10_000);
            OutputStream os = socket.getOutputStream();
            os.write(buf.array());
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] body = new byte[in.readInt()];
            in.readFully(body);
            ByteBuffer response = ByteBuffer.wrap(body);
            assertEquals(5, ResponseHeader.readCorrelationId(response, (short) 0));
            ApiVersionsResponse result = new ApiVersionsResponse();
            result.read(new ByteBufferAccessor(response), version);
            return result;
        }
    }
}
