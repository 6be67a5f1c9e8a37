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
package io.skiff.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Build-time entry point: reads every {@code *.schema} file of a directory and writes one Java class per
 * message or data struct, plus the {@code ApiKeys} enum when the directory holds APIs. Usage:
 * {@code MessageGenerator <schemaDir> <outputDir> [<package>]} (default package: the protocol's messages).
 * A schema mistake fails the build with the file and line.
 */
public final class MessageGenerator {
    private MessageGenerator() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2 && args.length != 3) {
            throw new IllegalArgumentException("usage: MessageGenerator <schemaDir> <outputDir> [<package>]");
        }
        String packageName = args.length == 3 ? args[2] : MessageClassWriter.PACKAGE;
        int n = generate(Path.of(args[0]), Path.of(args[1]), packageName);
        System.out.println("skiff generator: " + n + " message classes written to " + args[1]);
    }

    /** Parses all schemas in {@code schemaDir} and writes sources under {@code outputDir}; returns the message count. */
    public static int generate(Path schemaDir, Path outputDir) throws IOException {
        return generate(schemaDir, outputDir, MessageClassWriter.PACKAGE);
    }

    /** As {@link #generate(Path, Path)}, writing the classes into {@code packageName}. */
    public static int generate(Path schemaDir, Path outputDir, String packageName) throws IOException {
        List<MessageSpec> messages = parseAll(schemaDir);
        List<ApiKeysWriter.Api> apis =
                ApiKeysWriter.pair(messages.stream().filter(m -> !m.data()).toList());
        Path pkg = outputDir.resolve(packageName.replace('.', '/'));
        Files.createDirectories(pkg);
        try (Stream<Path> old = Files.list(pkg)) {
            for (Path p : old.filter(p -> p.toString().endsWith(".java")).toList()) {
                Files.delete(p);
            }
        }
        MessageClassWriter writer = new MessageClassWriter(packageName);
        for (MessageSpec m : messages) {
            Files.writeString(pkg.resolve(m.className() + ".java"), writer.write(m), StandardCharsets.UTF_8);
        }
        if (!apis.isEmpty()) {
            Files.writeString(pkg.resolve("ApiKeys.java"), new ApiKeysWriter().write(apis), StandardCharsets.UTF_8);
        }
        return messages.size();
    }

    /** Parses every {@code *.schema} file in the directory (sorted by name); a missing directory holds none. */
    public static List<MessageSpec> parseAll(Path schemaDir) throws IOException {
        List<MessageSpec> messages = new ArrayList<>();
        if (!Files.isDirectory(schemaDir)) {
            return messages;
        }
        SchemaParser parser = new SchemaParser();
        try (Stream<Path> files = Files.list(schemaDir)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".schema")).sorted().toList()) {
                messages.add(parser.parse(f));
            }
        }
        return messages;
    }
}
