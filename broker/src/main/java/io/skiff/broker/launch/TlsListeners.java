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

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Whether the broker a launcher is about to start may serve TLS: one of the keys that name listener protocols
 * ({@code listeners}, {@code listener.security.protocol.map}), in the configuration file, a {@code KAFKA_}
 * environment variable or an {@code --override}, mentions {@code SSL} (so also SASL_SSL).
 *
 * <p>Why the launcher asks: C1, the JIT the broker JVM gets by default, has none of the JDK's AES-GCM intrinsics,
 * which only C2 compiles. Measured on this machine: AES/GCM encryption of 16 KiB records at 14 MB/s with C1 only
 * against 370 MB/s with C2, and TLS produce and fetch bounded by it. A broker that may serve TLS keeps C2.
 *
 * <p>A cheap, textual check in the launcher's cold JVM (no configuration classes); when in doubt (an unreadable
 * file) it answers false, the plaintext default. Stateless.
 */
final class TlsListeners {
    private static final List<String> KEYS = List.of("listeners", "listener.security.protocol.map");
    private static final List<String> VARIABLES = List.of("KAFKA_LISTENERS", "KAFKA_LISTENER_SECURITY_PROTOCOL_MAP");

    private TlsListeners() {}

    /** Whether the broker started with {@code args} and {@code environment} may have a TLS listener. */
    static boolean configured(String[] args, Map<String, String> environment) {
        Main.CommandLine cli;
        try {
            cli = Main.CommandLine.parse(args);
        } catch (RuntimeException e) {
            return false; // the broker itself reports the bad argument
        }
        for (String key : KEYS) {
            if (mentionsSsl(cli.overrides().get(key))) {
                return true;
            }
        }
        for (String variable : VARIABLES) {
            if (mentionsSsl(environment.get(variable))) {
                return true;
            }
        }
        if (cli.configFile() == null) {
            return false;
        }
        Properties file = new Properties();
        try (Reader reader = Files.newBufferedReader(cli.configFile(), StandardCharsets.UTF_8)) {
            file.load(reader);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        for (String key : KEYS) {
            if (mentionsSsl(file.getProperty(key))) {
                return true;
            }
        }
        return false;
    }

    private static boolean mentionsSsl(String value) {
        return value != null && value.toUpperCase(Locale.ROOT).contains("SSL");
    }
}
