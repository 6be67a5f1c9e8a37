package io.skiff.generator;

import java.util.List;

/**
 * A struct: the fields of a message, of an inline struct or of a common struct.
 *
 * @param versions versions in which the struct can appear (for nested structs: those of the field using it)
 */
public record StructSpec(String name, List<FieldSpec> fields, Versions versions, int line) {}
