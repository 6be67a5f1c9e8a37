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
package io.skiff.compat.clients;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The Node.js package of the compat tests' JavaScript clients ({@code src/test/js}, pinned by package-lock.json):
 * kafkajs and Confluent's {@code @confluentinc/kafka-javascript}, whose native part (librdkafka inside) is built
 * from source against the system's libraries, and the scripts that drive them.
 *
 * <p>node_modules is not committed: {@code .ci/run} installs it before the build; when it is missing (a developer's
 * fresh clone), the first use runs {@link #INSTALL} itself. Missing node, npm or build tools fail the test with how
 * to install them.
 *
 * <p>Thread-safety: {@link #ensureInstalled()} is synchronized; running scripts is thread-safe.
 */
final class NodeClients {
    /** How the package is installed, here and in {@code .ci/run}: the native addon built, never downloaded. */
    static final String INSTALL = "CKJS_LINKING=dynamic npm_config_build_from_source=true npm ci";

    private static final Path PACKAGE_DIR = locatePackage();
    /** What a complete install leaves behind: each client's entry point, the addon built from source. */
    private static final List<String> INSTALLED = List.of(
            "node_modules/kafkajs/package.json",
            "node_modules/@confluentinc/kafka-javascript/build/Release/confluent-kafka-javascript.node");

    private NodeClients() {}

    private static Path locatePackage() {
        // Surefire runs with the module directory as working directory; the reactor root works too.
        for (Path candidate : List.of(Path.of("src/test/js"), Path.of("compat-tests/src/test/js"))) {
            if (Files.isRegularFile(candidate.resolve("package-lock.json"))) {
                return candidate.toAbsolutePath();
            }
        }
        return fail("Node.js clients package (src/test/js/package-lock.json) not found from "
                + Path.of("").toAbsolutePath());
    }

    /** Installs the pinned clients ({@link #INSTALL}) unless node_modules already has them. */
    static synchronized void ensureInstalled() {
        ExternalProcess.require("node", "install Node.js 18+ (Debian: apt-get install nodejs npm)");
        if (INSTALLED.stream().allMatch(p -> Files.isRegularFile(PACKAGE_DIR.resolve(p)))) {
            return;
        }
        String npm = ExternalProcess.require("npm", "install npm (Debian: apt-get install npm)");
        ExternalProcess.require(
                "c++",
                "install the tools that build librdkafka (Debian: apt-get install build-essential zlib1g-dev"
                        + " libssl-dev libzstd-dev liblz4-dev libsasl2-dev), then " + INSTALL + " in " + PACKAGE_DIR);
        Map<String, String> env =
                new HashMap<>(Map.of("CKJS_LINKING", "dynamic", "npm_config_build_from_source", "true"));
        if (Files.isRegularFile(Path.of("/usr/include/node/common.gypi"))) {
            env.put("npm_config_nodedir", "/usr"); // the distribution's headers: node-gyp downloads none
        }
        ExternalProcess.of(npm, "ci", "--no-audit", "--no-fund")
                .in(PACKAGE_DIR)
                .env(env)
                .timeout(Duration.ofMinutes(15))
                .run()
                .assertSuccess();
    }

    /**
     * Runs {@code command} of {@code script} (a file of the package) against {@code bootstrap} with {@code env} added
     * to the environment; fails the test if it does not exit with 0 within {@code timeout}.
     */
    static ExternalProcess.Result run(
            String script,
            Map<String, String> env,
            Duration timeout,
            String bootstrap,
            String command,
            String... args) {
        ensureInstalled();
        List<String> line = new ArrayList<>(
                List.of(ExternalProcess.require("node", "install Node.js 18+"), script, bootstrap, command));
        line.addAll(List.of(args));
        return ExternalProcess.of(line)
                .in(PACKAGE_DIR)
                .env(env)
                .timeout(timeout)
                .run()
                .assertSuccess();
    }

    /** A record's headers as the node scripts print them: {@code key=value}, sorted by key, joined by commas. */
    static String headers(ConsumerRecord<String, String> record) {
        return Arrays.stream(record.headers().toArray())
                .sorted(Comparator.comparing(Header::key))
                .map(h -> h.key() + "=" + new String(h.value(), StandardCharsets.UTF_8))
                .collect(Collectors.joining(","));
    }
}
