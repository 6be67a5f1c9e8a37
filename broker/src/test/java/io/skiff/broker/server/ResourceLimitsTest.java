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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The server's resource bounds with a scripted processor: max.connections.per.ip (one more is closed),
 * max.connections (one more waits unread until a connection closes) and queued.max.request.bytes (connections stop
 * reading while the pool is used up).
 */
class ResourceLimitsTest {
    private static final int MAX_FRAME = 1024;

    private final ScriptedProcessor processor = new ScriptedProcessor();
    private NettyServer server;

    private int start(ConnectionLimits limits, long queuedBytes) throws IOException {
        server = new NettyServer(
                new ServerSettings(
                        List.of(new ListenerSpec("PLAINTEXT", "127.0.0.1", 0)),
                        MAX_FRAME,
                        0,
                        2,
                        java.time.Clock.systemUTC(),
                        limits,
                        queuedBytes),
                processor);
        List<BoundListener> bound = server.bind();
        server.startAccepting();
        return bound.get(0).port();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            processor.held.complete(null);
            server.close(Duration.ofSeconds(1));
        }
    }

    private static byte[] text(String s) {
        return s.getBytes(UTF_8);
    }

    @Test
    void connectionOverThePerAddressLimitIsClosedAndOthersWork() throws IOException {
        int port = start(new ConnectionLimits(100, 2), -1);
        try (RawClient first = new RawClient(port);
                RawClient second = new RawClient(port);
                RawClient third = new RawClient(port)) {
            assertTrue(third.awaitClosedByServer(), "the third connection from 127.0.0.1 is refused");
            first.writeFrame(text("echo:one"));
            second.writeFrame(text("echo:two"));
            assertArrayEquals(text("one"), first.readFrame());
            assertArrayEquals(text("two"), second.readFrame());
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 0);
        try (RawClient again = new RawClient(port)) {
            again.writeFrame(text("echo:again"));
            assertArrayEquals(text("again"), again.readFrame(), "slots are given back when connections close");
        }
    }

    @Test
    void atMaxConnectionsTheNextClientWaitsUntilOneCloses() throws IOException {
        int port = start(new ConnectionLimits(1, 100), -1);
        RawClient first = new RawClient(port);
        first.writeFrame(text("echo:first"));
        assertArrayEquals(text("first"), first.readFrame());
        try (RawClient waiting = new RawClient(port)) {
            waiting.writeFrame(text("echo:waited"));
            await().during(Duration.ofMillis(300))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> processor.seen.size() == 1);
            first.close();
            assertArrayEquals(text("waited"), waiting.readFrame(), "accepted once the first connection closed");
        }
        assertEquals(List.of("echo:first", "echo:waited"), processor.seen);
    }

    @Test
    void connectionsStopReadingWhileRequestMemoryIsUsedUp() throws IOException {
        int port = start(ConnectionLimits.unlimited(), 5);
        try (RawClient holder = new RawClient(port);
                RawClient blocked = new RawClient(port)) {
            holder.writeFrame(text("hold:held"));
            await().atMost(Duration.ofSeconds(10)).until(() -> processor.seen.size() == 1);
            assertEquals(9, server.queuedRequestBytes(), "the held request's bytes stay reserved");
            blocked.writeFrame(text("echo:after"));
            await().during(Duration.ofMillis(300))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> processor.seen.size() == 1);
            processor.held.complete(null);
            assertArrayEquals(text("held"), holder.readFrame());
            assertArrayEquals(text("after"), blocked.readFrame(), "read once the held request was answered");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> server.queuedRequestBytes() == 0);
    }
}
