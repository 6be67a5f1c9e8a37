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
package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SkiffKit;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/**
 * With slf4j-api 1.7 on the classpath (as kafka-clients brings it) and slf4j-simple 1.7 logging at DEBUG to
 * target/skiff.log, a client sends each kind of bad input that makes Skiff log and close its connection (on a
 * PLAINTEXT, a SASL_PLAINTEXT and an SSL listener). Every such connection closes, the log lines are written, and a
 * good client is served all along.
 */
class GarbageInputOnSlf4j17Test {
    private static SkiffServer server;
    private static SkiffKit kit;

    @BeforeAll
    static void start() {
        server = SkiffServer.builder()
                .config("connections.max.idle.ms", "300")
                .config("listeners", "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0")
                .config("sasl.enabled.mechanisms", "PLAIN")
                .config(
                        "listener.name.sasl_plaintext.plain.sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required user_alice=\"alice-pw\";")
                .start();
        kit = new SkiffKit("127.0.0.1:" + server.port()); // the PLAINTEXT listener only
    }

    @AfterAll
    static void stop() {
        kit.close();
        server.close();
    }

    @Test
    void slf4jOnTheClasspathIs17() {
        assertThrows(NoSuchMethodException.class, () -> Logger.class.getMethod("atLevel", org.slf4j.event.Level.class));
    }

    @Test
    void everyBadInputClosesItsConnectionAndIsLogged() throws Exception {
        // FrameDecoder: sizes outside 0..socket.request.max.bytes.
        assertClosedAfter(ByteBuffer.allocate(4).putInt(Integer.MAX_VALUE).array());
        assertClosedAfter(ByteBuffer.allocate(4).putInt(-5).array());
        // KafkaRequestProcessor, then ConnectionSequencer: what cannot be answered.
        assertClosedAfter(request(9999, 0, new byte[0])); // unknown API key
        assertClosedAfter(frame(new byte[3])); // too short for a header
        assertClosedAfter(request(24, 4, new byte[0])); // AddPartitionsToTxn v4 without a body
        assertClosedAfter(request(3, 99, new byte[0])); // Metadata v99
        for (short api : new short[] {0, 1, 2, 3, 8, 9, 10, 11, 19, 20, 32}) { // bodies that do not decode
            assertClosedAfter(request(api, 4, new byte[0]));
            assertClosedAfter(request(api, 4, new byte[] {(byte) 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff}));
        }
        // AclHandlers: a DescribeAcls filter of UNKNOWN elements (all zero), refused as Kafka's parser refuses it.
        assertClosedAfter(request(29, 1, new byte[10]));
        // KafkaRequestProcessor: a request other than ApiVersions and SASL before a SASL listener authenticated it.
        assertClosedAfter(listenerPort("SASL_PLAINTEXT"), request(3, 4, new byte[] {0, 0, 0, 0, 0}));
        // ConnectionSequencer.exceptionCaught, from Netty's SslHandler: plaintext on a TLS listener.
        assertClosedAfter(listenerPort("SSL"), request(18, 0, new byte[0]));
        // ConnectionSequencer.exceptionCaught: the peer resets the connection in the middle of a request.
        try (Socket socket = connect()) {
            socket.getOutputStream().write(new byte[] {0, 0, 0, 100, 0, 3});
            socket.getOutputStream().flush();
            socket.setSoLinger(true, 0); // close with RST
        }
        // ConnectionSequencer: idle longer than connections.max.idle.ms (logged at DEBUG).
        try (Socket idle = connect()) {
            assertEquals(-1, readUntilClosed(idle.getInputStream()), "the idle connection is closed");
        }

        kit.send("after-garbage", "k", "v"); // a good client is still served
        assertEquals("v", kit.readRecord("after-garbage", Duration.ofSeconds(10)).value());

        String log = Files.readString(Path.of("target/skiff.log"));
        assertTrue(log.contains("request size 2147483647 is outside"), log);
        assertTrue(log.contains("unknown API key 9999"), log);
        assertTrue(log.contains("after an error"), log);
        assertTrue(log.contains("idle for longer than connections.max.idle.ms"), log);
        // skiff.log.throttle.ms=0 (pom.xml): every close is written, so every path above called SLF4J 1.7.
        assertTrue(log.contains("too short for a header"), log);
        assertTrue(log.contains("Metadata v99 is not supported"), log);
        assertTrue(log.contains("DescribeAcls refused"), log);
        assertTrue(log.contains("TLS handshake with") && log.contains("NotSslRecordException"), log);
        assertTrue(!log.contains("NoSuchMethodError"), log);
    }

    private static int listenerPort(String name) {
        return server.boundListeners().stream()
                .filter(l -> l.name().equals(name))
                .findFirst()
                .orElseThrow()
                .port();
    }

    private static Socket connect() throws IOException {
        return connect(server.port());
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** Sends the bytes on a new connection and expects the broker to close it without an answer. */
    private static void assertClosedAfter(byte[] bytes) throws IOException {
        assertClosedAfter(server.port(), bytes);
    }

    private static void assertClosedAfter(int port, byte[] bytes) throws IOException {
        try (Socket socket = connect(port)) {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            assertEquals(-1, readUntilClosed(socket.getInputStream()), "connection closed after " + bytes.length + " bytes");
        }
    }

    private static int readUntilClosed(InputStream in) throws IOException {
        try {
            return in.read();
        } catch (SocketTimeoutException stillOpen) {
            return -2;
        } catch (IOException reset) {
            return -1; // closed by reset
        }
    }

    private static byte[] request(int apiKey, int version, byte[] body) {
        byte[] clientId = "garbage".getBytes(StandardCharsets.UTF_8);
        ByteBuffer header = ByteBuffer.allocate(2 + 2 + 4 + 2 + clientId.length + body.length);
        header.putShort((short) apiKey).putShort((short) version).putInt(7).putShort((short) clientId.length);
        header.put(clientId).put(body);
        return frame(header.array());
    }

    private static byte[] frame(byte[] payload) {
        return ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array();
    }
}
