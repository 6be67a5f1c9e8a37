package io.skiff.generator;

import java.util.List;

/**
 * One parsed schema file: a request or a response of one API, or a data struct of its own (e.g. a record of
 * a coordinator's internal topic), which has no API key.
 *
 * @param file          the schema file name, for error messages
 * @param request       true for a request, false for a response or data
 * @param data          true for a data struct (header line {@code data <Name>})
 * @param apiName       e.g. {@code ApiVersions}; for data, the class name
 * @param fields        the top-level fields
 * @param structs       every nested struct (inline and common), in declaration order, with resolved fields
 */
public record MessageSpec(
        String file,
        boolean request,
        boolean data,
        String apiName,
        short apiKey,
        Versions versions,
        Versions flexibleVersions,
        List<FieldSpec> fields,
        List<StructSpec> structs) {

    /** The Java class name: {@code <Api>Request}, {@code <Api>Response}, or a data struct's own name. */
    public String className() {
        return data ? apiName : apiName + (request ? "Request" : "Response");
    }

    /** The top-level struct. */
    public StructSpec topLevel() {
        return new StructSpec(className(), fields, versions, 0);
    }

    public StructSpec struct(String name) {
        for (StructSpec s : structs) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }
}
