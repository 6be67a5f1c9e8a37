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

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP request as a route handler sees it. Immutable.
 *
 * @param method     the method, upper case
 * @param path       the path, without the query
 * @param pathParams the values of the route's {@code {name}} segments
 * @param body       the body decoded as UTF-8 (empty when there is none)
 * @param query      the query's parameters, each with its values in order
 * @param headers    the request's headers by lower-case name (the first value of a repeated header)
 */
public record HttpRequest(
        String method,
        String path,
        Map<String, String> pathParams,
        String body,
        Map<String, List<String>> query,
        Map<String, String> headers) {
    public HttpRequest {
        pathParams = Map.copyOf(pathParams);
        query = Map.copyOf(query);
        headers = Map.copyOf(headers);
    }

    /** A request without query parameters or headers. */
    public HttpRequest(String method, String path, Map<String, String> pathParams, String body) {
        this(method, path, pathParams, body, Map.of(), Map.of());
    }

    /** The first value of a query parameter, or {@code fallback} when it is absent or empty. */
    public String queryParam(String name, String fallback) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() || values.get(0).isEmpty() ? fallback : values.get(0);
    }

    /** A header's value by its name in any case, or null. */
    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** A path parameter of the route. */
    public String pathParam(String name) {
        String value = pathParams.get(name);
        if (value == null) {
            throw new IllegalArgumentException("the route has no parameter " + name);
        }
        return value;
    }

    /** The body as a JSON object; an empty body is an empty object. */
    public JsonObjectReader json() {
        return JsonObjectReader.parse(body);
    }
}
