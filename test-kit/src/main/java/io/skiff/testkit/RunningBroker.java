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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A broker started by {@link SkiffExtension}, with the helpers bound to it and the system property that announces
 * it. A broker of one class or method runs on a data directory of its own, so that {@link #restart} can stop it and
 * start it again on the same data and port; the fields the extension filled are filled again with the new server.
 *
 * <p>Thread-safe: every method is synchronized; {@link #close()} is idempotent.
 */
final class RunningBroker implements AutoCloseable {
    /** Data directories of brokers not closed yet: deleted at JVM exit if a test never got to close them. */
    private static final Set<Path> OPEN_DIRS = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> OPEN_DIRS.forEach(RunningBroker::deleteTree), "skiff-test-data-dirs-delete"));
    }

    private BrokerSpec spec;
    private final Path ownDataDir;
    private final String property;
    private final String previousValue;
    private final List<Injected> injected = new ArrayList<>();
    private SkiffServer server;
    private SkiffKit kit;
    private final SkiffBroker handle = new SkiffBroker(this);
    private boolean closed;

    /** A field the extension set, and how to compute its value from the broker. */
    private record Injected(Field field, Object target, Function<RunningBroker, Object> value) {}

    private RunningBroker(BrokerSpec spec, Path ownDataDir, SkiffServer server) {
        this.spec = spec;
        this.ownDataDir = ownDataDir;
        this.server = server;
        this.kit = new SkiffKit(server);
        String name = spec.bootstrapServersProperty();
        this.property = name == null || name.isEmpty() ? null : name;
        this.previousValue = this.property == null ? null : System.getProperty(this.property);
        if (this.property != null) {
            System.setProperty(this.property, server.bootstrapServers());
        }
    }

    /** Starts a broker on a temporary directory that the broker deletes when it closes (restart is refused). */
    static RunningBroker start(BrokerSpec spec) {
        return new RunningBroker(spec, null, spec.start());
    }

    /** Starts a broker on a data directory of its own, kept across {@link #restart}s, deleted on {@link #close()}. */
    static RunningBroker startRestartable(BrokerSpec spec) {
        Path dir;
        try {
            dir = Files.createTempDirectory("skiff-test-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a data directory for a Skiff test broker", e);
        }
        OPEN_DIRS.add(dir);
        try {
            return new RunningBroker(spec, dir, spec.start(dir, spec.port(), true));
        } catch (RuntimeException e) {
            deleteTree(dir);
            OPEN_DIRS.remove(dir);
            throw e;
        }
    }

    synchronized SkiffServer server() {
        return server;
    }

    synchronized SkiffKit kit() {
        return kit;
    }

    /** The public handle on this broker, for tests that restart it. */
    SkiffBroker handle() {
        return handle;
    }

    synchronized Path dataDir() {
        return server.dataDir();
    }

    /** Remembers a field the extension set, to set it again after a restart (a field's latest instance only). */
    synchronized void injected(Field field, Object target, Function<RunningBroker, Object> value) {
        injected.removeIf(i -> i.field().equals(field));
        injected.add(new Injected(field, target, value));
    }

    /**
     * Stops the broker, runs {@code whileStopped} on its data directory, and starts it again on the same directory and
     * port with the same configuration but {@code changedProperties} (kept for later restarts).
     */
    synchronized SkiffServer restart(Map<String, String> changedProperties, SkiffBroker.WhileStopped whileStopped)
            throws Exception {
        if (closed) {
            throw new IllegalStateException("the broker is closed");
        }
        if (ownDataDir == null) {
            throw new IllegalStateException("a shared broker cannot restart: other test classes use it");
        }
        int port = server.port();
        String bootstrap = server.bootstrapServers();
        kit.close();
        server.close();
        try {
            whileStopped.run(ownDataDir);
        } finally {
            spec = spec.withProperties(changedProperties);
            server = spec.start(ownDataDir, port, false);
            kit = new SkiffKit(server);
        }
        if (property != null && bootstrap.equals(System.getProperty(property))) {
            System.setProperty(property, server.bootstrapServers()); // other nodes of a simulated cluster move
        }
        for (Injected i : injected) {
            i.field().set(i.target(), i.value().apply(this));
        }
        return server;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            kit.close();
        } finally {
            // Another broker may have set the property since: only take back our own value, and give back the one
            // it replaced (a shared broker's, typically).
            if (property != null && server.bootstrapServers().equals(System.getProperty(property))) {
                if (previousValue == null) {
                    System.clearProperty(property);
                } else {
                    System.setProperty(property, previousValue);
                }
            }
            try {
                server.close();
            } finally {
                if (ownDataDir != null) {
                    deleteTree(ownDataDir);
                    OPEN_DIRS.remove(ownDataDir);
                }
            }
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is no reason to fail a test
        }
    }
}
