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
package io.skiff.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.generator.MessageGenerator;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real schemas do not use every construct of the format (float64 arrays, nullable tagged structs, fields
 * with default=null in part of the range, …). This test generates classes from a schema that does, compiles
 * them against the runtime, and runs a round-trip program over every version.
 */
class GeneratorFeaturesTest {

    @Test
    void everyConstructCompilesAndRoundTrips(@TempDir Path tmp) throws Exception {
        Path schemas = Path.of("src/test/resources/generator-features");
        Path src = tmp.resolve("src");
        assertEquals(2, MessageGenerator.generate(schemas, src));
        Path pkg = src.resolve("io/skiff/protocol/message");
        Files.delete(pkg.resolve("ApiKeys.java")); // the real ApiKeys stays on the class path
        Files.copy(schemas.resolve("SampleAllRoundTrip.java.txt"), pkg.resolve("SampleAllRoundTrip.java"));
        List<String> args = new ArrayList<>(List.of(
                "-d", tmp.resolve("classes").toString(), "-cp", System.getProperty("java.class.path"), "-proc:none"));
        try (Stream<Path> files = Files.list(pkg)) {
            files.map(Path::toString).forEach(args::add);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "tests need a JDK");
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "generated code must compile");
        try (URLClassLoader loader =
                new URLClassLoader(
                        new URL[] {tmp.resolve("classes").toUri().toURL()},
                        getClass().getClassLoader()) {
                    @Override
                    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                        // child-first for the test's own classes
                        if (name.startsWith("io.skiff.protocol.message.SampleAll")) {
                            synchronized (getClassLoadingLock(name)) {
                                Class<?> c = findLoadedClass(name);
                                return c != null ? c : findClass(name);
                            }
                        }
                        return super.loadClass(name, resolve);
                    }
                }) {
            Runnable program = (Runnable) loader.loadClass("io.skiff.protocol.message.SampleAllRoundTrip")
                    .getConstructor()
                    .newInstance();
            program.run();
        }
        assertTrue(new File(tmp.resolve("classes/io/skiff/protocol/message/SampleAllResponse.class")
                        .toString())
                .exists());
    }
}
