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
package io.skiff.http;

/**
 * Ends a request with an HTTP error status and a message for the user, sent as {@code {"error": message}}. Route
 * handlers throw it for bad input (400), a missing resource (404) and the like.
 */
public final class HttpException extends RuntimeException {
    private final int status;

    public HttpException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** 400 Bad Request. */
    public static HttpException badRequest(String message) {
        return new HttpException(400, message);
    }

    /** 404 Not Found. */
    public static HttpException notFound(String message) {
        return new HttpException(404, message);
    }

    public int status() {
        return status;
    }
}
