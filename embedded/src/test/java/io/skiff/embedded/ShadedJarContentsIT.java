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
package io.skiff.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The jar users add to their tests: every class in it under io.skiff (Netty and re2j relocated there), and its only
 * dependencies the SLF4J API and the compression codecs whose native code cannot be relocated.
 */
class ShadedJarContentsIT {
    private static List<String> entries() throws IOException {
        Path jar = Path.of(System.getProperty("skiff.embedded.jar"));
        try (JarFile file = new JarFile(jar.toFile())) {
            return Collections.list(file.entries()).stream()
                    .map(ZipEntry::getName)
                    .toList();
        }
    }

    @Test
    void everyClassIsSkiffsOrRelocatedUnderIt() throws IOException {
        List<String> foreign = new ArrayList<>();
        for (String name : entries()) {
            if (name.endsWith(".class")
                    && !name.startsWith("io/skiff/")
                    && !name.matches("META-INF/versions/\\d+/io/skiff/.*")) {
                foreign.add(name);
            }
        }
        assertEquals(List.of(), foreign, "classes outside io/skiff/ would clash with the user's own copies");
    }

    @Test
    void nettyIsInsideRelocatedWithItsRenamedEpollLibrariesAndNoKafkaClients() throws IOException {
        List<String> entries = entries();
        assertTrue(entries.contains("io/skiff/shaded/io/netty/channel/epoll/EpollIoHandler.class"));
        assertTrue(entries.contains("io/skiff/broker/SkiffServer.class"));
        assertTrue(entries.contains("io/skiff/testkit/SkiffExtension.class"));
        assertTrue(entries.contains("io/skiff/spring/SkiffContextCustomizerFactory.class"));
        assertTrue(entries.contains("io/skiff/quarkus/SkiffTestResource.class"));
        assertTrue(entries.contains("META-INF/native/libio_skiff_shaded_netty_transport_native_epoll_x86_64.so"));
        assertTrue(entries.contains("META-INF/native/libio_skiff_shaded_netty_transport_native_epoll_aarch_64.so"));
        assertTrue(entries.stream().noneMatch(n -> n.startsWith("io/netty/")), "no unrelocated Netty");
        assertTrue(entries.stream().noneMatch(n -> n.startsWith("META-INF/native/libnetty")), "no unrenamed library");
        assertTrue(entries.contains("io/skiff/shaded/com/google/re2j/Pattern.class"));
        assertTrue(entries.stream().noneMatch(n -> n.startsWith("com/google/re2j/")), "no unrelocated re2j");
        assertTrue(entries.contains("io/skiff/shaded/com/google/gson/JsonObject.class"));
        assertTrue(entries.contains("io/skiff/shaded/io/netty/handler/codec/http/HttpServerCodec.class"));
        assertTrue(entries.stream().noneMatch(n -> n.startsWith("com/google/gson/")), "no unrelocated Gson");
        assertTrue(entries.stream().noneMatch(n -> n.startsWith("org/apache/kafka/")), "no kafka-clients");
        assertTrue(
                entries.stream()
                        .noneMatch(n -> n.startsWith("org/xerial/")
                                || n.startsWith("net/jpountz/")
                                || n.startsWith("com/github/luben/")),
                "the codecs are dependencies, not inside");
        assertTrue(entries.stream().noneMatch(n -> n.startsWith("org/slf4j/")), "SLF4J is a dependency, not inside");
    }

    @Test
    void listsTheLicencesOfWhatItRelocates() throws IOException {
        Path jar = Path.of(System.getProperty("skiff.embedded.jar"));
        try (JarFile file = new JarFile(jar.toFile())) {
            assertTrue(text(file, "META-INF/LICENSE").contains("Apache License"), "Skiff's own licence");
            assertTrue(text(file, "META-INF/NOTICE").contains("The Skiff authors"));
            String thirdParty = text(file, "META-INF/licenses/THIRD-PARTY.txt");
            assertTrue(
                    thirdParty.contains("Netty (io.netty:netty-*)") && thirdParty.contains("Apache-2.0"), thirdParty);
            assertTrue(thirdParty.contains("RE2/J (com.google.re2j:re2j)"), thirdParty);
            assertTrue(text(file, "META-INF/licenses/re2j-LICENSE.txt").contains("The Go Authors"));
        }
    }

    private static String text(JarFile jar, String name) throws IOException {
        ZipEntry entry = jar.getEntry(name);
        assertTrue(entry != null, name + " is in the jar");
        try (var in = jar.getInputStream(entry)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void thePublishedPomDependsOnTheSlf4jApiAndTheCodecsOnly() throws IOException {
        String pom = Files.readString(Path.of(System.getProperty("skiff.embedded.pom")));
        int start = pom.indexOf("<dependencies>");
        String dependencies = start < 0 ? "" : pom.substring(start, pom.indexOf("</dependencies>", start));
        Matcher m = Pattern.compile(
                        "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>(.*?)</dependency>",
                        Pattern.DOTALL)
                .matcher(dependencies);
        List<String> runtime = new ArrayList<>();
        while (m.find()) {
            String rest = m.group(3);
            boolean notTransitive = rest.contains("<scope>test</scope>")
                    || rest.contains("<scope>provided</scope>")
                    || rest.contains("<optional>true</optional>");
            if (!notTransitive) {
                runtime.add(m.group(1) + ":" + m.group(2));
            }
        }
        // lz4 is optional: the user's kafka-clients brings its own (org.lz4 before 4.2, at.yawk.lz4 from 4.2), and two
        // jars with the same net.jpountz classes on one classpath would be one too many.
        assertEquals(
                List.of("org.slf4j:slf4j-api", "org.xerial.snappy:snappy-java", "com.github.luben:zstd-jni"), runtime);
    }
}
