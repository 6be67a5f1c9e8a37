package io.skiff.generator;

/** A mistake in a schema file, reported with the file name and line. */
public final class SchemaException extends RuntimeException {
    public SchemaException(String file, int line, String message) {
        super(file + ":" + line + ": " + message);
    }

    public SchemaException(String file, String message) {
        super(file + ": " + message);
    }
}
