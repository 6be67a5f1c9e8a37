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
 * target/skiff.log, a client sends each kind of bad input that makes Skiff log and close its connection. Every such
 * connection closes, the log lines are written, and a good client is served all along.
 */
class GarbageInputOnSlf4j17Test {
    private static SkiffServer server;
    private static SkiffKit kit;

    @BeforeAll
    static void start() {
        server = SkiffServer.builder().config("connections.max.idle.ms", "300").start();
        kit = new SkiffKit(server);
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
        assertClosedAfter(request(24, 4, new byte[0])); // AddPartitionsToTxn: not supported
        assertClosedAfter(request(3, 99, new byte[0])); // Metadata v99
        for (short api : new short[] {0, 1, 2, 3, 8, 9, 10, 11, 19, 20, 32}) { // bodies that do not decode
            assertClosedAfter(request(api, 4, new byte[0]));
            assertClosedAfter(request(api, 4, new byte[] {(byte) 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff}));
        }
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
        assertTrue(!log.contains("NoSuchMethodError"), log);
    }

    private static Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** Sends the bytes on a new connection and expects the broker to close it without an answer. */
    private static void assertClosedAfter(byte[] bytes) throws IOException {
        try (Socket socket = connect()) {
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
