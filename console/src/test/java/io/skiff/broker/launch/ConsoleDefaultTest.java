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
package io.skiff.broker.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code java -jar} with the console in its jar: on by default, off when asked, and no failure on a busy port. */
class ConsoleDefaultTest {
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void theConsoleIsOnByDefaultOnLoopback() throws Exception {
        int port = freePort();
        BrokerConfig config = ConsoleDefault.apply(load(Map.of()), null, Map.of(), Map.of(), out, port);
        assertEquals("http://127.0.0.1:" + port, config.get(BrokerConfigKeys.CONSOLE_LISTENER));
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anEmptyListenerTurnsItOffAndAGivenOneIsKept() throws Exception {
        Map<String, String> off = Map.of("console.listener", "");
        assertEquals(
                "",
                ConsoleDefault.apply(load(off), null, off, Map.of(), out, freePort())
                        .get(BrokerConfigKeys.CONSOLE_LISTENER));
        Map<String, String> given = Map.of("console.listener", "http://127.0.0.1:19655");
        assertEquals(
                "http://127.0.0.1:19655",
                ConsoleDefault.apply(load(given), null, given, Map.of(), out, freePort())
                        .get(BrokerConfigKeys.CONSOLE_LISTENER));
    }

    @Test
    void aTakenDefaultPortLeavesTheConsoleOffAndSaysSo() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            BrokerConfig config =
                    ConsoleDefault.apply(load(Map.of()), null, Map.of(), Map.of(), out, taken.getLocalPort());
            assertNull(config.get(BrokerConfigKeys.CONSOLE_LISTENER));
            assertTrue(printed.toString(StandardCharsets.UTF_8)
                    .startsWith("Skiff console not started: 127.0.0.1:" + taken.getLocalPort() + " is in use"));
        }
    }

    private static BrokerConfig load(Map<String, String> overrides) {
        return BrokerConfig.load(null, overrides, Map.of());
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
