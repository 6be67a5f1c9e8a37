package io.skiff.generator;

import java.nio.file.Files;
import java.nio.file.Path;

/** Placeholder: turns the schema files into Java message classes (to be written). */
public final class MessageGenerator {
    public static void main(String[] args) throws Exception {
        Files.createDirectories(Path.of(args[1]));
    }
}
