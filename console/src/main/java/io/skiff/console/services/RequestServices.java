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
package io.skiff.console.services;

import io.skiff.console.auth.Access;
import io.skiff.http.HttpRequest;

/**
 * The console's services as each request's caller may use them: what the pages and the JSON API both serve from, so
 * that both check a request's user the same way. Thread-safe.
 *
 * @param unchecked the views and actions without the caller's checks
 * @param access    the logins, and who sends a request
 */
public record RequestServices(ConsoleServices unchecked, Access access) {
    /** The views and actions as the request's user may see and do them (401 before a needed login). */
    public AuthorizedServices of(HttpRequest request) {
        return unchecked.as(access.caller(request));
    }
}
