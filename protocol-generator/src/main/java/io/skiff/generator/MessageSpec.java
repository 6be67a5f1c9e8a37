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

    /** This message with these top-level fields and nested structs. */
    public MessageSpec withFields(List<FieldSpec> fields, List<StructSpec> structs) {
        return new MessageSpec(file, request, data, apiName, apiKey, versions, flexibleVersions, fields, structs);
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
