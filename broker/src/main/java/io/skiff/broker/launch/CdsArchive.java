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
package io.skiff.broker.launch;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * The class-data-sharing archive the build writes beside {@code skiff.jar} ({@code skiff.jsa}), and its sidecar
 * ({@code skiff.jsa.properties}) recording the JVM and the jar it was dumped for.
 *
 * <p>The JVM itself rejects an archive dumped by another JVM or for another class path, but silently and only
 * after a relaunch has been paid for; the sidecar lets the launcher check first and run in place instead.
 *
 * <p>Immutable.
 */
public record CdsArchive(Path archive, Path sidecar) {
    static final String JVM_KEY = "java.vm.version";
    static final String JAVA_HOME_KEY = "java.home";
    static final String JAR_KEY = "jar";
    static final String JAR_SIZE_KEY = "jar.size";
    static final String JAR_MTIME_KEY = "jar.lastModified";

    public CdsArchive {
        Objects.requireNonNull(archive);
        Objects.requireNonNull(sidecar);
    }

    /** The archive that belongs beside {@code jar} ({@code skiff.jar} → {@code skiff.jsa}). */
    public static CdsArchive besideJar(Path jar) {
        String name = jar.getFileName().toString();
        String base = name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name;
        return at(jar.resolveSibling(base + ".jsa"));
    }

    /** The archive (or AOT cache) {@code archive} with its sidecar beside it ({@code <archive>.properties}). */
    public static CdsArchive at(Path archive) {
        return new CdsArchive(archive, archive.resolveSibling(archive.getFileName() + ".properties"));
    }

    /**
     * Where a JVM other than the build's keeps its own archive for {@code jar}: {@code skiff-<vm version>.jsa}
     * beside the jar if its folder is writable, else under {@code ~/.cache/skiff}; empty if neither is. The JVM
     * checks the archive itself (its build, the class path) and writes a new one when it does not match.
     */
    public static Optional<Path> forThisJvm(Path jar, String vmVersion) {
        return forThisJvm(jar, vmVersion, ".jsa");
    }

    /** As {@link #forThisJvm(Path, String)}, for a file ending in {@code extension} (an AOT cache: {@code .aot}). */
    public static Optional<Path> forThisJvm(Path jar, String vmVersion, String extension) {
        String name = jar.getFileName().toString();
        String base = name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name;
        String file = base + "-" + vmVersion.replaceAll("[^A-Za-z0-9._-]", "_") + extension;
        Path folder = jar.toAbsolutePath().getParent();
        if (folder != null && Files.isWritable(folder)) {
            return Optional.of(folder.resolve(file));
        }
        try {
            Path cache = Path.of(System.getProperty("user.home"), ".cache", "skiff");
            Files.createDirectories(cache);
            return Files.isWritable(cache) ? Optional.of(cache.resolve(file)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether this JVM can map the archive for {@code jar}: both files exist and the sidecar names this JVM
     * build, this Java home and this very jar (path, size and modification time).
     */
    public boolean usableFor(Path jar) {
        try {
            if (!Files.isRegularFile(archive) || !Files.isRegularFile(sidecar)) {
                return false;
            }
            Properties recorded = new Properties();
            try (Reader reader = Files.newBufferedReader(sidecar, StandardCharsets.UTF_8)) {
                recorded.load(reader);
            }
            return describe(jar).equals(recorded);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Removes the archive and its sidecar, if there are any. */
    public void delete() throws IOException {
        Files.deleteIfExists(archive);
        Files.deleteIfExists(sidecar);
    }

    /** Records that the archive being dumped by this JVM is for {@code jar}. */
    public void writeSidecar(Path jar) throws IOException {
        try (Writer writer = Files.newBufferedWriter(sidecar, StandardCharsets.UTF_8)) {
            describe(jar).store(writer, "Skiff class-data-sharing archive: the JVM and jar it was dumped for");
        }
    }

    private static Properties describe(Path jar) throws IOException {
        Path real = jar.toRealPath();
        Properties p = new Properties();
        p.setProperty(JVM_KEY, System.getProperty(JVM_KEY, ""));
        p.setProperty(JAVA_HOME_KEY, System.getProperty(JAVA_HOME_KEY, ""));
        p.setProperty(JAR_KEY, real.toString());
        p.setProperty(JAR_SIZE_KEY, Long.toString(Files.size(real)));
        p.setProperty(
                JAR_MTIME_KEY, Long.toString(Files.getLastModifiedTime(real).toMillis()));
        return p;
    }

    /** The jar this class was loaded from, if it was loaded from a jar file. */
    public static Optional<Path> runningJar() {
        try {
            var source = CdsArchive.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return Optional.empty();
            }
            Path path = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(path) && path.toString().endsWith(".jar") ? Optional.of(path) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
