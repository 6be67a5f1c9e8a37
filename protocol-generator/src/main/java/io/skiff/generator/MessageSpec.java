package io.skiff.generator;

import java.util.List;

/**
 * One parsed schema file: a request or a response of one API.
 *
 * @param file          the schema file name, for error messages
 * @param request       true for a request, false for a response
 * @param apiName       e.g. {@code ApiVersions}
 * @param fields        the top-level fields
 * @param structs       every nested struct (inline and common), in declaration order, with resolved fields
 */
public record MessageSpec(
        String file,
        boolean request,
        String apiName,
        short apiKey,
        Versions versions,
        Versions flexibleVersions,
        List<FieldSpec> fields,
        List<StructSpec> structs) {

    /** The Java class name: {@code <Api>Request} or {@code <Api>Response}. */
    public String className() {
        return apiName + (request ? "Request" : "Response");
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
