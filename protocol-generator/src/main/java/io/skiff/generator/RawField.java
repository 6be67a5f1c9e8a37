package io.skiff.generator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A field line before validation, with the lines nested under it. Mutable, parser-internal. */
final class RawField {
    final int line;
    final int indent;
    final String name;
    final String type;
    final Map<String, String> attributes = new LinkedHashMap<>();
    boolean ignorable;
    final List<RawField> children = new ArrayList<>();

    RawField(int line, int indent, String name, String type) {
        this.line = line;
        this.indent = indent;
        this.name = name;
        this.type = type;
    }
}
