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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Central Portal bundle the release build wrote (target/central-publishing/central-bundle.zip), checked against
 * what Central requires of a deployment (central.sonatype.org, "Requirements"): every component of ours and no
 * other, each file with an .asc signature that verifies and (signatures aside, which need none) .md5 and .sha1
 * checksums that match; sources and Javadoc jars beside every jar; a POM with its coordinates, a release version,
 * name, description, URL, licence, developers and SCM, and nothing left to interpolate.
 *
 * <p>Run in verify of the release build (distribution/pom.xml). Signatures are verified with {@code gpg} against the
 * keyring of GNUPGHOME, where .ci/run put the throwaway key it signed with (the Release workflow: the project's key).
 */
class CentralBundleTest {
    /** Published: every module but the test suites, the reference broker, the benchmarks and this one. */
    private static final List<String> PUBLISHED = List.of(
            "skiff-parent",
            "skiff-config",
            "skiff-record",
            "skiff-protocol-generator",
            "skiff-protocol",
            "skiff-storage",
            "skiff-http",
            "skiff-broker",
            "skiff-console",
            "skiff-schema-registry",
            "skiff-test-kit",
            "skiff-spring",
            "skiff-quarkus",
            "skiff-embedded");

    private static final String GROUP_PATH = "io/skiff/";

    @TempDir
    static Path unpacked;

    private static String version;
    private static Map<String, Path> files;

    @BeforeAll
    static void unpack() throws IOException {
        Path bundle = Path.of(System.getProperty("skiff.bundle"));
        assertTrue(Files.isRegularFile(bundle), bundle + " was written by the release build");
        version = System.getProperty("skiff.version");
        files = new TreeMap<>();
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(bundle))) {
            for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
                if (!entry.isDirectory()) {
                    Path target = unpacked.resolve(entry.getName()).normalize();
                    assertTrue(target.startsWith(unpacked), entry.getName());
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target);
                    files.put(entry.getName(), target);
                }
            }
        }
    }

    @Test
    void theVersionIsARelease() {
        assertFalse(version.endsWith("-SNAPSHOT"), "Central takes no snapshots in a bundle: build with -Drevision=X");
    }

    @Test
    void holdsEveryPublishedComponentAndNoOther() {
        TreeSet<String> components = new TreeSet<>();
        for (String name : files.keySet()) {
            assertTrue(name.startsWith(GROUP_PATH), name + " is under the group io.skiff");
            components.add(name.substring(GROUP_PATH.length(), name.indexOf('/', GROUP_PATH.length())));
        }
        assertEquals(new TreeSet<>(PUBLISHED), components);
    }

    @Test
    void everyJarHasItsPomSourcesAndJavadoc() throws IOException {
        for (String artifact : PUBLISHED) {
            String base = GROUP_PATH + artifact + "/" + version + "/" + artifact + "-" + version;
            assertTrue(files.containsKey(base + ".pom"), base + ".pom");
            if (!pom(base + ".pom").contains("<packaging>pom</packaging>")) {
                for (String suffix : List.of(".jar", "-sources.jar", "-javadoc.jar")) {
                    assertTrue(files.containsKey(base + suffix), base + suffix);
                }
                // skiff-embedded has no sources of its own: its two jars name the modules that have them.
                boolean own = !artifact.equals("skiff-embedded");
                assertTrue(hasEntryEndingWith(files.get(base + "-sources.jar"), own ? ".java" : "README.md"), base);
                assertTrue(
                        hasEntryEndingWith(files.get(base + "-javadoc.jar"), own ? "index.html" : "README.md"), base);
            }
        }
    }

    @Test
    void everyFileHasMatchingChecksums() throws Exception {
        for (Map.Entry<String, Path> file : files.entrySet()) {
            String name = file.getKey();
            if (isChecksum(name) || name.endsWith(".asc")) {
                continue;
            }
            for (String algorithm : List.of("MD5", "SHA-1")) {
                String extension = algorithm.equals("MD5") ? ".md5" : ".sha1";
                Path sum = files.get(name + extension);
                assertTrue(sum != null, name + extension);
                assertEquals(
                        digest(algorithm, file.getValue()),
                        Files.readString(sum).trim().split("\\s+")[0],
                        name);
            }
        }
    }

    @Test
    void everyArtifactIsSignedAndTheSignatureVerifies() throws Exception {
        List<String> unsigned = new ArrayList<>();
        for (String name : files.keySet()) {
            if (isChecksum(name) || name.endsWith(".asc")) {
                continue;
            }
            Path signature = files.get(name + ".asc");
            if (signature == null) {
                unsigned.add(name);
                continue;
            }
            Process gpg = new ProcessBuilder(
                            "gpg",
                            "--batch",
                            "--verify",
                            signature.toString(),
                            files.get(name).toString())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(gpg.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(gpg.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, gpg.exitValue(), () -> name + ": " + out);
            assertTrue(out.contains("Good signature"), out);
        }
        assertEquals(List.of(), unsigned, "artifacts without an .asc signature");
    }

    @Test
    void everyPomHasTheMetadataCentralRequires() throws IOException {
        for (String artifact : PUBLISHED) {
            String pom = pom(GROUP_PATH + artifact + "/" + version + "/" + artifact + "-" + version + ".pom");
            assertEquals("io.skiff", element(pom, "groupId"), artifact);
            assertEquals(artifact, element(pom, "artifactId"));
            assertEquals(version, element(pom, "version"), artifact);
            for (String required : List.of("name", "description", "url")) {
                assertFalse(element(pom, required).isBlank(), artifact + " has a " + required);
            }
            assertTrue(
                    pom.contains("<name>Apache-2.0</name>")
                            && pom.contains("https://www.apache.org/licenses/LICENSE-2.0"),
                    artifact + " names its licence");
            assertTrue(pom.matches("(?s).*<developers>\\s*<developer>.*<name>[^<]+</name>.*</developers>.*"), artifact);
            assertTrue(
                    pom.matches("(?s).*<scm[ >].*<connection>scm:git:[^<]+</connection>.*<url>[^<]+</url>.*</scm>.*"),
                    artifact + " has its SCM");
            assertFalse(pom.contains("${"), artifact + " has nothing left to interpolate (flattened)");
            assertFalse(
                    pom.contains("<parent>")
                            && !artifact.equals("skiff-parent")
                            && !pom.contains("<version>" + version),
                    artifact);
        }
    }

    private static String pom(String name) throws IOException {
        assertTrue(files.containsKey(name), name);
        return Files.readString(files.get(name), StandardCharsets.UTF_8);
    }

    /** The first {@code <tag>} directly under {@code <project>}: before any nested element that has the same tag. */
    private static String element(String pom, String tag) {
        String top = pom.replaceAll("(?s)<parent>.*?</parent>", "")
                .replaceAll(
                        "(?s)<(dependencies|dependencyManagement|build|profiles|licenses|developers|scm|"
                                + "issueManagement|organization|distributionManagement|properties)(\\s[^>]*)?>.*?</\\1>",
                        "");
        Matcher m = Pattern.compile("<" + tag + ">([^<]*)</" + tag + ">").matcher(top);
        return m.find() ? m.group(1).trim() : "";
    }

    private static boolean isChecksum(String name) {
        return name.endsWith(".md5") || name.endsWith(".sha1") || name.endsWith(".sha256") || name.endsWith(".sha512");
    }

    private static boolean hasEntryEndingWith(Path jar, String suffix) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().anyMatch(e -> e.getName().endsWith(suffix));
        }
    }

    private static String digest(String algorithm, Path file) throws IOException, NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance(algorithm);
        try (InputStream in = Files.newInputStream(file)) {
            digest.update(in.readAllBytes());
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
