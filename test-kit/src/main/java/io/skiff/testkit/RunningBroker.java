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

/**
 * A broker started by {@link SkiffExtension}, with the helpers bound to it and the system property that announces
 * it.
 *
 * <p>Thread-safe: {@link #close()} is idempotent and synchronized.
 */
final class RunningBroker implements AutoCloseable {
    private final SkiffServer server;
    private final SkiffKit kit;
    private final String property;
    private final String previousValue;
    private boolean closed;

    private RunningBroker(SkiffServer server, String property) {
        this.server = server;
        this.kit = new SkiffKit(server);
        this.property = property == null || property.isEmpty() ? null : property;
        this.previousValue = this.property == null ? null : System.getProperty(this.property);
        if (this.property != null) {
            System.setProperty(this.property, server.bootstrapServers());
        }
    }

    static RunningBroker start(BrokerSpec spec) {
        return new RunningBroker(spec.start(), spec.bootstrapServersProperty());
    }

    SkiffServer server() {
        return server;
    }

    SkiffKit kit() {
        return kit;
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
            server.close();
        }
    }
}
