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

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The classpath of a driver class run in a child JVM on other Kafka jars than this JVM's: the test classes (the
 * driver's own) and the jars the build copied into a folder in generate-test-resources, sorted.
 *
 * <p>Stateless.
 */
final class DriverClasspath {
    private DriverClasspath() {}

    /**
     * {@code driver}'s classes and the jars in {@code jars}; fails the test, naming {@code what}, when
     * {@code requiredJar} is not there.
     */
    static String of(Class<?> driver, Path jars, String requiredJar, String what) throws URISyntaxException {
        if (!Files.isRegularFile(jars.resolve(requiredJar))) {
            fail(what + " not found in " + jars.toAbsolutePath()
                    + ": run the build through Maven (maven-dependency-plugin copies it in generate-test-resources)");
        }
        List<String> classpath = new ArrayList<>();
        classpath.add(Path.of(driver.getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .toString());
        try (Stream<Path> files = Files.list(jars)) {
            files.filter(f -> f.toString().endsWith(".jar")).sorted().forEach(f -> classpath.add(f.toString()));
        } catch (IOException e) {
            fail("cannot list " + jars + ": " + e);
        }
        return String.join(File.pathSeparator, classpath);
    }
}
