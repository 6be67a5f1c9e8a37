package io.skiff.compat.clients;

import java.time.Duration;
import java.util.Map;

/**
 * Runs {@code src/test/js/kafkajs-compat.js} (kafkajs 2.2.4, pinned by package-lock.json) with node; installation
 * as for every Node.js client ({@link NodeClients}).
 *
 * <p>Thread-safe.
 */
final class Kafkajs {
    private Kafkajs() {}

    static void ensureInstalled() {
        NodeClients.ensureInstalled();
    }

    /** Runs one command of the script against {@code bootstrap}; fails the test if it does not exit with 0. */
    static ExternalProcess.Result run(String bootstrap, String command, String... args) {
        return run(Map.of(), bootstrap, command, args);
    }

    /**
     * As {@link #run(String, String, String...)} with environment variables for the script ({@code KAFKAJS_CA},
     * {@code KAFKAJS_SASL}: see the script).
     */
    static ExternalProcess.Result run(Map<String, String> env, String bootstrap, String command, String... args) {
        return NodeClients.run("kafkajs-compat.js", env, Duration.ofSeconds(90), bootstrap, command, args);
    }
}
