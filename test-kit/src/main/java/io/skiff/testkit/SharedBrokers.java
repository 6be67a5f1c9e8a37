package io.skiff.testkit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The brokers of {@link Lifecycle#SHARED}: one per distinct {@link BrokerSpec} for the life of the JVM, closed by a
 * shutdown hook (which deletes their temporary directories).
 *
 * <p>Thread-safe.
 */
final class SharedBrokers {
    private static final Map<BrokerSpec, RunningBroker> BROKERS = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SharedBrokers::closeAll, "skiff-shared-brokers-close"));
    }

    private SharedBrokers() {}

    static RunningBroker get(BrokerSpec spec) {
        return BROKERS.computeIfAbsent(spec, RunningBroker::start);
    }

    private static void closeAll() {
        for (RunningBroker broker : BROKERS.values()) {
            try {
                broker.close();
            } catch (RuntimeException e) {
                // the JVM is exiting: nothing left to tell; the next broker continues
            }
        }
    }
}
