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
package io.skiff.registry.store;

/**
 * An error answered as Confluent's registry answers it: an HTTP status and a body {@code {"error_code": code,
 * "message": message}}. The codes and messages follow Confluent's documented ones (40401 subject not found, 42201
 * invalid schema, 409 incompatible, ...).
 */
public final class RegistryException extends RuntimeException {
    private final int status;
    private final int errorCode;

    public RegistryException(int status, int errorCode, String message) {
        super(message);
        this.status = status;
        this.errorCode = errorCode;
    }

    public int status() {
        return status;
    }

    public int errorCode() {
        return errorCode;
    }

    public static RegistryException subjectNotFound(String subject) {
        return new RegistryException(404, 40401, "Subject '" + subject + "' not found.");
    }

    public static RegistryException versionNotFound(Object version) {
        return new RegistryException(404, 40402, "Version " + version + " not found.");
    }

    public static RegistryException schemaNotFound(String message) {
        return new RegistryException(404, 40403, message);
    }

    public static RegistryException invalidSchema(String message) {
        return unprocessable(42201, message);
    }

    public static RegistryException invalidVersion(String version) {
        return unprocessable(
                42202,
                "The specified version '" + version + "' is not a valid version id."
                        + " Allowed values are between [1, 2^31-1] and the string \"latest\"");
    }

    public static RegistryException invalidCompatibility(String given) {
        return invalidChoice(
                42203,
                "compatibility level",
                given,
                "none, backward, forward, full, backward_transitive, forward_transitive, and full_transitive");
    }

    public static RegistryException invalidMode(String given) {
        return invalidChoice(42204, "mode", given, "READWRITE, READONLY, READONLY_OVERRIDE, and IMPORT");
    }

    public static RegistryException notPermitted(String message) {
        return unprocessable(42205, message);
    }

    /** A value outside a closed set, in Confluent's words: "Invalid mode 'X'. Valid values are A, B, and C". */
    private static RegistryException invalidChoice(int errorCode, String what, String given, String validValues) {
        return unprocessable(errorCode, "Invalid " + what + " '" + given + "'. Valid values are " + validValues);
    }

    /** HTTP 422 (Unprocessable Entity) with {@code errorCode} in the body. */
    private static RegistryException unprocessable(int errorCode, String message) {
        return new RegistryException(422, errorCode, message);
    }

    public static RegistryException badRequest(String message) {
        return new RegistryException(400, 400, message);
    }

    public static RegistryException unprocessable(String message) {
        return unprocessable(422, message);
    }

    public static RegistryException storeError(String message) {
        return new RegistryException(500, 50001, message);
    }
}
