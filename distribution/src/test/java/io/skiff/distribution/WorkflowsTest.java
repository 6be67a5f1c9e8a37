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
package io.skiff.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The hosted CI's workflow files (.github/workflows): valid YAML in the shape GitHub Actions reads (triggers, jobs
 * with a runner and steps, each step a {@code uses} of a pinned action or a {@code run}, expressions closed), and
 * doing what they are for: CI runs .ci/run on pushes and pull requests on Java 17 and 25; a tag builds the release.
 */
class WorkflowsTest {
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{\\{(.*?)}}");

    private static Path workflow(String name) {
        return Path.of(System.getProperty("skiff.root"), ".github", "workflows", name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(String name) throws IOException {
        String text = Files.readString(workflow(name));
        assertFalse(text.contains("\t"), name + ": YAML takes no tabs");
        Object parsed = new Yaml().load(text);
        Map<String, Object> root = assertInstanceOf(Map.class, parsed, name);
        checkShape(name, root, text);
        return root;
    }

    /** YAML 1.1 reads the key {@code on} as the boolean true, GitHub as "on": accept both. */
    private static Object triggers(Map<String, Object> root) {
        return root.containsKey("on") ? root.get("on") : root.get(Boolean.TRUE);
    }

    @SuppressWarnings("unchecked")
    private static void checkShape(String name, Map<String, Object> root, String text) {
        assertTrue(root.get("name") instanceof String, name + ": name");
        assertTrue(triggers(root) instanceof Map, name + ": on");
        Map<String, Object> jobs = assertInstanceOf(Map.class, root.get("jobs"), name + ": jobs");
        assertFalse(jobs.isEmpty(), name);
        for (Map.Entry<String, Object> job : jobs.entrySet()) {
            Map<String, Object> body = assertInstanceOf(Map.class, job.getValue(), job.getKey());
            assertTrue(body.get("runs-on") instanceof String, job.getKey() + ": runs-on");
            List<Object> steps = assertInstanceOf(List.class, body.get("steps"), job.getKey() + ": steps");
            for (Object step : steps) {
                Map<String, Object> s = assertInstanceOf(Map.class, step, job.getKey());
                assertTrue(s.containsKey("uses") ^ s.containsKey("run"), job.getKey() + ": uses or run: " + s);
                if (s.containsKey("uses")) {
                    assertTrue(String.valueOf(s.get("uses")).matches("[\\w.-]+/[\\w.-]+@[\\w.-]+"), "pinned: " + s);
                }
            }
        }
        Matcher m = EXPRESSION.matcher(text);
        while (m.find()) {
            assertFalse(m.group(1).isBlank(), name + ": empty expression");
        }
        assertEquals(count(text, "${{"), count(text, "}}"), name + ": every ${{ is closed");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }

    @Test
    @SuppressWarnings("unchecked")
    void ciRunsTheCiScriptOnPushesAndPullRequestsOnJava17And25() throws IOException {
        Map<String, Object> ci = load("ci.yml");
        Map<String, Object> on = (Map<String, Object>) triggers(ci);
        assertTrue(on.containsKey("push") && on.containsKey("pull_request"), on.toString());
        Map<String, Object> job = (Map<String, Object>) ((Map<String, Object>) ci.get("jobs")).get("build");
        Map<String, Object> matrix = (Map<String, Object>) ((Map<String, Object>) job.get("strategy")).get("matrix");
        assertEquals(List.of("17", "25"), matrix.get("java"));
        List<Map<String, Object>> steps = (List<Map<String, Object>>) job.get("steps");
        assertTrue(steps.stream().anyMatch(s -> "bash .ci/run".equals(s.get("run"))), steps.toString());
        assertTrue(Files.isRegularFile(Path.of(System.getProperty("skiff.root"), ".ci", "run")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aTagBuildsTheReleaseBundleAndTheDownload() throws IOException {
        Map<String, Object> release = load("release.yml");
        Map<String, Object> push = (Map<String, Object>) ((Map<String, Object>) triggers(release)).get("push");
        assertEquals(List.of("v*"), push.get("tags"));
        String runs = String.join(
                "\n",
                ((Map<String, Object>) release.get("jobs"))
                        .values().stream()
                                .flatMap(j ->
                                        ((List<Map<String, Object>>) ((Map<String, Object>) j).get("steps")).stream())
                                .map(s -> String.valueOf(s.getOrDefault("run", "")))
                                .toList());
        assertTrue(runs.contains("-Prelease") && runs.contains("-Drevision=\"${GITHUB_REF_NAME#v}\""), runs);
        // The Central Portal's plugin writes the bundle on Maven 3.9.2+ only: the wrapper's Maven, not the runner's.
        assertTrue(runs.contains("./mvnw -B -ntp -Prelease"), runs);
        assertTrue(Files.isExecutable(Path.of(System.getProperty("skiff.root"), "mvnw")));
        assertTrue(runs.contains("distribution/target/skiff-*-linux-*.tar.gz"), runs);
        assertTrue(runs.contains("target/central-publishing/central-bundle.zip"), runs);
    }
}
