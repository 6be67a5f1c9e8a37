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
package io.skiff.protocol;

/**
 * A message or struct with an {@code error_code} (int16) and an {@code error_message} (string). The generator makes
 * every such one implement it: many answers carry the pair, and their generated classes share no other type, so an
 * error is put on any of them in one place.
 */
public interface ErrorResult extends Message {
    short errorCode();

    String errorMessage();

    ErrorResult setErrorCode(short errorCode);

    ErrorResult setErrorMessage(String errorMessage);

    /** {@code result} with {@code error}'s code and {@code message}. */
    static <T extends ErrorResult> T withError(T result, Errors error, String message) {
        result.setErrorCode(error.code());
        result.setErrorMessage(message);
        return result;
    }
}
