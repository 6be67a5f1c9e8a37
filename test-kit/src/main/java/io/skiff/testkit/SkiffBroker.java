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
package io.skiff.testkit;

import io.skiff.broker.SkiffServer;
import java.nio.file.Path;
import java.util.Map;

/**
 * The broker {@link Skiff} runs for a test class or method, across restarts: a field or parameter of this type is
 * filled in like {@link SkiffServer} and {@link SkiffKit}. {@link #restart()} stops the broker and starts it again on
 * the same data directory and port with the same configuration, as a restarted Kafka broker would come back; the
 * {@code SkiffServer}, {@code SkiffKit} and {@link BootstrapServers} fields the extension filled are set again to the
 * new server (a parameter keeps the one it was given: ask {@link #server()}).
 *
 * <pre>{@code
 * @Skiff(lifecycle = Lifecycle.PER_METHOD)
 * class RestartTest {
 *     @Test
 *     void keepsItsData(SkiffBroker broker) throws Exception {
 *         broker.server().createTopic("t", 1);
 *         broker.restart();
 *         assertEquals(1, broker.server().recoveredTopicCount());
 *     }
 * }
 * }</pre>
 *
 * <p>A {@link Lifecycle#SHARED} broker cannot restart (other classes use it). Thread-safe.
 */
public final class SkiffBroker {
    private final RunningBroker broker;

    SkiffBroker(RunningBroker broker) {
        this.broker = broker;
    }

    /** The running server (a new one after each restart). */
    public SkiffServer server() {
        return broker.server();
    }

    /** The helpers bound to {@link #server()}. */
    public SkiffKit kit() {
        return broker.kit();
    }

    public String bootstrapServers() {
        return broker.server().bootstrapServers();
    }

    /** The data directory, the same across restarts. */
    public Path dataDir() {
        return broker.dataDir();
    }

    /** Stops the broker and starts it again on the same data directory and port; returns the new server. */
    public SkiffServer restart() throws Exception {
        return broker.restart(Map.of(), dir -> {});
    }

    /**
     * Stops the broker, runs {@code whileStopped} with its data directory (to write files into it, or to see what
     * clients do while it is down), then starts it again on the same directory and port; returns the new server.
     */
    public SkiffServer restart(WhileStopped whileStopped) throws Exception {
        return broker.restart(Map.of(), whileStopped);
    }

    /**
     * Restarts as {@link #restart()} does, with {@code changedProperties} (Kafka's keys) put over the configuration,
     * for this start and the later ones: a broker restarted with another setting.
     */
    public SkiffServer restart(Map<String, String> changedProperties) throws Exception {
        return broker.restart(Map.copyOf(changedProperties), dir -> {});
    }

    /** What a test does while its broker is stopped. */
    @FunctionalInterface
    public interface WhileStopped {
        void run(Path dataDir) throws Exception;
    }
}
