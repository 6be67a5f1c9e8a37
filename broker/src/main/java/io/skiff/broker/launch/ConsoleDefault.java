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

import io.skiff.config.BrokerConfig;
import io.skiff.config.BrokerConfigKeys;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code java -jar} turns the web console on when the jar has it and the user did not say otherwise: on
 * {@code 127.0.0.1:9080}, or, when that port is taken (another broker, another tool), without a console and with a
 * line saying so — a busy port must not stop a broker that was asked for nothing but Kafka. A console the user asked
 * for ({@code console.listener}) is never changed: its bind failure stops the start, as any listener's does.
 * Stateless.
 */
final class ConsoleDefault {
    static final String HOST = "127.0.0.1";
    static final int PORT = 9080;

    private ConsoleDefault() {}

    /** The configuration to start with: {@code config}, or the same sources with the console's default listener. */
    static BrokerConfig apply(
            BrokerConfig config,
            Path configFile,
            Map<String, String> overrides,
            Map<String, String> env,
            PrintStream out) {
        return apply(config, configFile, overrides, env, out, PORT);
    }

    /** As {@link #apply(BrokerConfig, Path, Map, Map, PrintStream)} with another default port (tests). */
    static BrokerConfig apply(
            BrokerConfig config,
            Path configFile,
            Map<String, String> overrides,
            Map<String, String> env,
            PrintStream out,
            int port) {
        if (config.isSet(BrokerConfigKeys.CONSOLE_LISTENER.name()) || !consoleOnClasspath()) {
            return config;
        }
        if (!isFree(HOST, port)) {
            out.println("Skiff console not started: " + HOST + ":" + port + " is in use (console.listener="
                    + "http://127.0.0.1:PORT picks another port; console.listener= turns this notice off)");
            return config;
        }
        Map<String, String> withConsole = new LinkedHashMap<>(overrides);
        withConsole.put(BrokerConfigKeys.CONSOLE_LISTENER.name(), "http://" + HOST + ":" + port);
        return BrokerConfig.load(configFile, withConsole, env);
    }

    /** Whether the console module is in this jar or on this classpath (its class is found, not loaded). */
    static boolean consoleOnClasspath() {
        return ConsoleDefault.class.getClassLoader().getResource("io/skiff/console/ConsoleExtension.class") != null;
    }

    private static boolean isFree(String host, int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getByName(host), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
