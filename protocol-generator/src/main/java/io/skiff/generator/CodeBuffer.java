package io.skiff.generator;

/** Accumulates Java source lines with indentation. Not thread-safe. */
final class CodeBuffer {
    private final StringBuilder text = new StringBuilder();
    private int indent;

    /** Appends one line; a line starting with '}' closes a block first, one ending with '{' opens one. */
    CodeBuffer line(String format, Object... args) {
        String l = args.length == 0 ? format : String.format(format, args);
        if (l.startsWith("}")) {
            indent--;
        }
        if (!l.isEmpty()) {
            text.append("    ".repeat(Math.max(indent, 0))).append(l);
        }
        text.append('\n');
        if (l.endsWith("{")) {
            indent++;
        }
        return this;
    }

    CodeBuffer blank() {
        text.append('\n');
        return this;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
