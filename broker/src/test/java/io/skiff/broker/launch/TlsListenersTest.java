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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsListenersTest {
    @TempDir
    Path tmp;

    @Test
    void anSslListenerInAnOverrideTheEnvironmentOrTheFileCounts() throws IOException {
        assertTrue(TlsListeners.configured(
                new String[] {"--override", "listeners=PLAINTEXT://:9092,SSL://:9093"}, Map.of()));
        assertTrue(TlsListeners.configured(
                new String[] {"--override=listener.security.protocol.map=EXTERNAL:SASL_SSL"}, Map.of()));
        assertTrue(TlsListeners.configured(new String[0], Map.of("KAFKA_LISTENERS", "ssl://127.0.0.1:9093")));
        Path file = Files.writeString(tmp.resolve("server.properties"), "listeners=SASL_SSL://127.0.0.1:9094\n");
        assertTrue(TlsListeners.configured(new String[] {file.toString()}, Map.of()));
        assertTrue(TlsListeners.configured(new String[] {"--config", file.toString()}, Map.of()));
    }

    @Test
    void plaintextListenersAndOtherKeysDoNot() throws IOException {
        assertFalse(TlsListeners.configured(new String[0], Map.of()));
        assertFalse(TlsListeners.configured(
                new String[] {"--override", "listeners=PLAINTEXT://:9092,SASL_PLAINTEXT://:9094"}, Map.of()));
        assertFalse(
                TlsListeners.configured(new String[] {"--override", "ssl.keystore.location=/keys/SSL.p12"}, Map.of()));
        Path file = Files.writeString(tmp.resolve("server.properties"), "listeners=PLAINTEXT://:9092\n");
        assertFalse(TlsListeners.configured(new String[] {file.toString()}, Map.of()));
        assertFalse(TlsListeners.configured(
                new String[] {tmp.resolve("missing.properties").toString()}, Map.of()));
        assertFalse(TlsListeners.configured(new String[] {"--unknown"}, Map.of()));
    }
}
