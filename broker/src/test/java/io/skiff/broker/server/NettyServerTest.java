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

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The transport with a scripted processor: framing limits, ordering, no-response requests, idle and graceful close. */
class NettyServerTest {
    private static final int MAX_FRAME = 1024;

    private final ScriptedProcessor processor = new ScriptedProcessor();
    private NettyServer server;

    private int start(long idleMs) throws IOException {
        server = new NettyServer(
                new ServerSettings(List.of(new ListenerSpec("PLAINTEXT", "127.0.0.1", 0)), MAX_FRAME, idleMs, 2),
                processor);
        List<BoundListener> bound = server.bind();
        server.startAccepting();
        assertEquals(1, bound.size());
        assertTrue(bound.get(0).port() > 0);
        return bound.get(0).port();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close(Duration.ofSeconds(1));
        }
    }

    private static byte[] text(String s) {
        return s.getBytes(UTF_8);
    }

    @Test
    void epollIsLoadedWithoutTheRestrictedMethodWarningOnlyBeforeJava24OrWithNativeAccessEnabled() {
        assertTrue(NettyServer.nativeLoadIsQuiet(17, () -> false));
        assertTrue(NettyServer.nativeLoadIsQuiet(23, () -> false));
        assertFalse(NettyServer.nativeLoadIsQuiet(24, () -> false), "Java 24 would warn: NIO instead");
        assertFalse(NettyServer.nativeLoadIsQuiet(25, () -> false));
        assertTrue(NettyServer.nativeLoadIsQuiet(25, () -> true), "--enable-native-access or the jar's manifest");
    }

    @Test
    void echoesOneRequest() throws IOException {
        int port = start(0);
        try (RawClient client = new RawClient(port)) {
            assertEchoes(client, "hello");
        }
    }

    @Test
    void frameOfExactlyTheLimitIsAccepted() throws IOException {
        int port = start(0);
        String payload = "x".repeat(MAX_FRAME - "echo:".length());
        try (RawClient client = new RawClient(port)) {
            assertEchoes(client, payload);
        }
    }

    @Test
    void oversizeFrameClosesOnlyThatConnection() throws IOException {
        int port = start(0);
        try (RawClient good = new RawClient(port);
                RawClient bad = new RawClient(port)) {
            bad.writeRaw(ByteBuffer.allocate(4).putInt(MAX_FRAME + 1).array());
            assertTrue(bad.awaitClosedByServer());
            assertEchoes(good, "still here");
        }
        assertEquals(List.of("echo:still here"), processor.seen);
    }

    @Test
    void negativeSizeClosesTheConnection() throws IOException {
        int port = start(0);
        try (RawClient bad = new RawClient(port)) {
            bad.writeRaw(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xf0, 1, 2, 3});
            assertTrue(bad.awaitClosedByServer());
        }
        assertTrue(processor.seen.isEmpty());
    }

    @Test
    void truncatedFrameIsNeverProcessedAndOthersKeepWorking() throws IOException {
        int port = start(0);
        try (RawClient good = new RawClient(port)) {
            try (RawClient truncated = new RawClient(port)) {
                byte[] frame = RawClient.frame(text("echo:never"));
                truncated.writeRaw(java.util.Arrays.copyOf(frame, frame.length - 2));
            }
            assertEchoes(good, "fine");
        }
        assertEquals(List.of("echo:fine"), processor.seen);
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderOneAtATime() throws IOException {
        int port = start(0);
        int count = 300;
        ByteArrayOutputStream burst = new ByteArrayOutputStream();
        for (int i = 0; i < count; i++) {
            burst.writeBytes(RawClient.frame(text((i % 3 == 0 ? "echo:" : "later:") + i)));
        }
        try (RawClient client = new RawClient(port)) {
            client.writeRaw(burst.toByteArray());
            for (int i = 0; i < count; i++) {
                assertEquals(String.valueOf(i), new String(client.readFrame(), UTF_8));
            }
        }
        assertEquals(1, processor.maxInFlight.get());
        assertEquals(count, processor.seen.size());
    }

    @Test
    void requestWithoutResponseSendsNothingAndTheNextOneProceeds() throws IOException {
        int port = start(0);
        try (RawClient client = new RawClient(port)) {
            client.writeRaw(concat(RawClient.frame(text("none:")), RawClient.frame(text("echo:after"))));
            // The first bytes that arrive belong to the second request's response.
            assertArrayEquals(text("after"), client.readFrame());
        }
        assertEquals(List.of("none:", "echo:after"), processor.seen);
    }

    @Test
    void processorAskingToCloseClosesOnlyThatConnection() throws IOException {
        int port = start(0);
        try (RawClient good = new RawClient(port);
                RawClient bad = new RawClient(port)) {
            bad.writeRaw(concat(RawClient.frame(text("close:")), RawClient.frame(text("echo:dropped"))));
            assertTrue(bad.awaitClosedByServer());
            assertEchoes(good, "ok");
        }
        assertFalse(processor.seen.contains("echo:dropped"));
    }

    @Test
    void idleConnectionIsClosed() throws IOException {
        int port = start(200);
        try (RawClient client = new RawClient(port)) {
            assertEchoes(client, "once");
            assertTrue(client.awaitClosedByServer());
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 0);
    }

    @Test
    void requestInFlightIsNotClosedAsIdle() throws IOException {
        int port = start(100);
        try (RawClient client = new RawClient(port)) {
            client.writeFrame(text("hold:answer"));
            await().atMost(Duration.ofSeconds(10)).until(() -> processor.seen.size() == 1);
            // Several idle periods pass while the request is held; the connection must stay open.
            await().during(Duration.ofMillis(500))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> server.connectionCount() == 1);
            processor.held.complete(null);
            assertArrayEquals(text("answer"), client.readFrame());
        }
    }

    @Test
    void gracefulCloseAnswersTheRequestInFlightThenStops() throws Exception {
        int port = start(0);
        try (RawClient client = new RawClient(port)) {
            client.writeRaw(concat(RawClient.frame(text("hold:last")), RawClient.frame(text("echo:queued"))));
            await().atMost(Duration.ofSeconds(10)).until(() -> processor.seen.size() == 1);
            CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> server.close(Duration.ofSeconds(10)));
            // New connections are refused once the listener has closed.
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThrows(ConnectException.class, () -> new RawClient(port).close()));
            processor.held.complete(null);
            assertArrayEquals(text("last"), client.readFrame());
            assertTrue(client.awaitClosedByServer());
            closing.get();
        }
        assertEquals(List.of("hold:last"), processor.seen);
    }

    @Test
    void bindingATakenPortFailsWithBindException() throws IOException {
        int port = start(0);
        NettyServer second = new NettyServer(
                new ServerSettings(List.of(new ListenerSpec("PLAINTEXT", "127.0.0.1", port)), MAX_FRAME, 0, 1),
                processor);
        java.net.BindException e = assertThrows(java.net.BindException.class, second::bind);
        assertTrue(e.getMessage().contains(String.valueOf(port)), e.getMessage());
    }

    /** Sends an echo request and checks that exactly its body comes back. */
    private static void assertEchoes(RawClient client, String body) throws IOException {
        client.writeFrame(text("echo:" + body));
        assertArrayEquals(text(body), client.readFrame());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteBuffer both = ByteBuffer.allocate(a.length + b.length).put(a).put(b);
        return both.array();
    }
}
