package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs {@code src/test/js/kafkajs-compat.js} (kafkajs 2.2.4, pinned by package-lock.json) with node.
 *
 * <p>node_modules is not committed: {@code .ci/run} runs {@code npm ci} there before the build; when it is
 * missing (a developer's fresh clone), the first use runs {@code npm ci} itself. Node and npm missing fail the test
 * with how to install them.
 *
 * <p>Thread-safety: {@link #ensureInstalled()} is synchronized; running scripts is thread-safe.
 */
final class Kafkajs {
    private static final Path PACKAGE_DIR = locatePackage();

    private Kafkajs() {}

    private static Path locatePackage() {
        // Surefire runs with the module directory as working directory; the reactor root works too.
        for (Path candidate : List.of(Path.of("src/test/js"), Path.of("compat-tests/src/test/js"))) {
            if (Files.isRegularFile(candidate.resolve("package-lock.json"))) {
                return candidate.toAbsolutePath();
            }
        }
        return fail("kafkajs package (src/test/js/package-lock.json) not found from "
                + Path.of("").toAbsolutePath());
    }

    /** Installs the pinned kafkajs with {@code npm ci} unless node_modules already has it. */
    static synchronized void ensureInstalled() {
        ExternalProcess.require("node", "install Node.js 18+ (Debian: apt-get install nodejs npm)");
        if (Files.isRegularFile(PACKAGE_DIR.resolve("node_modules/kafkajs/package.json"))) {
            return;
        }
        String npm = ExternalProcess.require("npm", "install npm (Debian: apt-get install npm)");
        ExternalProcess.of(npm, "ci", "--no-audit", "--no-fund")
                .in(PACKAGE_DIR)
                .timeout(Duration.ofMinutes(5))
                .run()
                .assertSuccess();
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
        ensureInstalled();
        List<String> line = new ArrayList<>(List.of(
                ExternalProcess.require("node", "install Node.js 18+"), "kafkajs-compat.js", bootstrap, command));
        line.addAll(List.of(args));
        return ExternalProcess.of(line)
                .in(PACKAGE_DIR)
                .env(env)
                .timeout(Duration.ofSeconds(90))
                .run()
                .assertSuccess();
    }
}
