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
