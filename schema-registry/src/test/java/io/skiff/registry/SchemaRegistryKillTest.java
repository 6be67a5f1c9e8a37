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
package io.skiff.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker process with the registry, killed with SIGKILL right after its answers: everything it acknowledged is
 * there when a broker opens the same data again.
 */
class SchemaRegistryKillTest {
    private static final Pattern REGISTRY_URL = Pattern.compile("schema-registry (http://[^ ,]+)");

    @TempDir
    Path dataDir;

    @Test
    void acknowledgedRegistrationsSurviveKillNine() throws Exception {
        Process broker = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "io.skiff.broker.launch.Main",
                        "--override",
                        "listeners=PLAINTEXT://127.0.0.1:0",
                        "--override",
                        "log.dirs=" + dataDir,
                        "--override",
                        "schema.registry.listener=http://127.0.0.1:0")
                .redirectErrorStream(true)
                .start();
        List<Integer> ids = new ArrayList<>();
        try {
            String url = readyUrl(broker);
            RegistryClient registry = new RegistryClient(url);
            for (int i = 0; i < 20; i++) {
                String schema =
                        "{\"type\":\"record\",\"name\":\"R" + i + "\",\"fields\":[{\"name\":\"f\",\"type\":\"int\"}]}";
                ids.add(registry.register("kill-" + i, schema, null));
            }
            registry.ok("PUT", "/config", "{\"compatibility\":\"FULL\"}");
            registry.ok("DELETE", "/subjects/kill-0", null);
        } finally {
            broker.destroyForcibly(); // SIGKILL: no shutdown hook, no flush, no clean close
            assertTrue(broker.waitFor(60, TimeUnit.SECONDS));
        }
        try (SkiffServer reopened = SkiffServer.builder()
                .dataDir(dataDir)
                .schemaRegistry("http://127.0.0.1:0")
                .start()) {
            RegistryClient registry =
                    new RegistryClient(reopened.extensionUrl("schema-registry").orElseThrow());
            assertEquals(19, registry.get("/subjects").getAsJsonArray().size());
            assertEquals(
                    20, registry.get("/subjects?deleted=true").getAsJsonArray().size());
            for (int i = 0; i < 20; i++) {
                assertEquals(
                        ids.get(i),
                        registry.get("/subjects/kill-" + i + "/versions/1?deleted=true")
                                .getAsJsonObject()
                                .get("id")
                                .getAsInt());
            }
            assertEquals(
                    "{\"compatibilityLevel\":\"FULL\"}", registry.get("/config").toString());
        }
    }

    /** The registry's URL from the broker's ready line. */
    private static String readyUrl(Process broker) throws Exception {
        CompletableFuture<String> url = new CompletableFuture<>();
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    Matcher m = REGISTRY_URL.matcher(line);
                    if (line.contains("Skiff ready") && m.find()) {
                        url.complete(m.group(1));
                    }
                }
                url.completeExceptionally(new AssertionError("the broker ended without a ready line:\n" + output));
            } catch (java.io.IOException e) {
                url.completeExceptionally(e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        try {
            return url.get(120, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            synchronized (output) {
                throw new AssertionError("no ready line in 120 s:\n" + output, e);
            }
        }
    }
}
