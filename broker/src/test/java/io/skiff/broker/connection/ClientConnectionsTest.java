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
package io.skiff.broker.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.skiff.broker.security.ConnectionSecurity;
import io.skiff.testsupport.MutableClock;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientConnectionsTest {
    private final MutableClock clock = new MutableClock(1_000);
    private final ClientConnections connections = new ClientConnections(clock);

    @Test
    void openConnectionsAreListedOldestFirstWithTheirRequestsAndLeaveWhenClosed() {
        ClientConnection first = open("a");
        clock.advance(10);
        ClientConnection second = open("b");
        first.requested((short) 18, "producer-1", clock.millis());
        first.requested((short) 3, "producer-1", clock.millis());
        first.requested((short) 3, "producer-1", clock.millis());
        second.requested((short) 18, "", clock.millis());

        assertEquals(List.of(first, second), connections.open());
        assertEquals("producer-1", first.clientId());
        assertEquals(Map.of((short) 3, 2L, (short) 18, 1L), first.requestsPerApiKey());
        assertEquals(1_000, first.openedAtMs());

        connections.closed(first);
        assertEquals(List.of(second), connections.open());
        assertEquals(
                Map.of((short) 3, 2L, (short) 18, 2L),
                connections.requestsPerApiKey(),
                "the broker's totals keep the requests of closed connections");
    }

    @Test
    void anUntrackedConnectionCountsOnlyForItself() {
        ClientConnection alone = ClientConnection.untracked(
                "x", "PLAINTEXT", new InetSocketAddress("127.0.0.1", 1), ConnectionSecurity.plaintext());
        alone.requested((short) 0, "c", 5);
        alone.requested((short) 500, "c", 6); // beyond Kafka's keys: not counted, not an error
        assertEquals(Map.of((short) 0, 1L), alone.requestsPerApiKey());
        assertEquals(6, alone.lastRequestAtMs());
        assertEquals(Map.of(), connections.requestsPerApiKey());
    }

    private ClientConnection open(String id) {
        return connections.opened(
                1, id, "PLAINTEXT", new InetSocketAddress("127.0.0.1", 9000), ConnectionSecurity.plaintext());
    }
}
