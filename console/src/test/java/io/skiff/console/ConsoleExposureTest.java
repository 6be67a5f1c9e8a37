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
package io.skiff.console;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import org.junit.jupiter.api.Test;

/** Without a login the console must not hand a secured broker's rights to the network. */
class ConsoleExposureTest {
    @Test
    void aSecuredBrokerRefusesAConsoleBeyondLoopback() {
        Throwable refused = assertThrows(
                RuntimeException.class,
                () -> SkiffServer.builder()
                        .console("http://0.0.0.0:0")
                        .config("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                        .config("super.users", "User:ANONYMOUS")
                        .start()
                        .close());
        String messages = "";
        for (Throwable t = refused; t != null; t = t.getCause()) {
            messages += t.getMessage() + "\n";
        }
        assertTrue(messages.contains("may listen on loopback only"), messages);
    }

    @Test
    void aSecuredBrokerKeepsItsLoopbackConsole() {
        try (SkiffServer broker = SkiffServer.builder()
                .console("http://127.0.0.1:0")
                .config("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .config("super.users", "User:ANONYMOUS")
                .start()) {
            assertTrue(broker.extensionUrl("console").isPresent());
        }
    }
}
