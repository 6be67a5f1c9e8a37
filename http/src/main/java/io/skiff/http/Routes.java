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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The routes of one HTTP server: a method and a path pattern whose {@code {name}} segments match any one segment,
 * each with its handler. Build them before the server starts.
 *
 * <p>Thread-safe once built: the route list is only read then.
 */
public final class Routes {
    /** Serves one request; throws {@link HttpException} for an error answer. */
    @FunctionalInterface
    public interface Handler {
        HttpResponse handle(HttpRequest request);
    }

    private record Route(String method, String[] segments, Handler handler) {}

    /** A route found for a request, with its path parameters. */
    record Match(Handler handler, Map<String, String> params) {}

    private final List<Route> routes = new ArrayList<>();

    public Routes get(String pattern, Handler handler) {
        return add("GET", pattern, handler);
    }

    public Routes post(String pattern, Handler handler) {
        return add("POST", pattern, handler);
    }

    public Routes put(String pattern, Handler handler) {
        return add("PUT", pattern, handler);
    }

    public Routes delete(String pattern, Handler handler) {
        return add("DELETE", pattern, handler);
    }

    public Routes add(String method, String pattern, Handler handler) {
        if (!pattern.startsWith("/")) {
            throw new IllegalArgumentException("a route's path starts with /: " + pattern);
        }
        routes.add(new Route(method, segments(pattern), Objects.requireNonNull(handler)));
        return this;
    }

    /**
     * The route for a request.
     *
     * @throws HttpException 404 when no route has the path, 405 when routes have it for other methods only
     */
    Match match(String method, String path) {
        String[] parts = segments(path);
        boolean pathKnown = false;
        for (Route route : routes) {
            Map<String, String> params = matchPath(route.segments(), parts);
            if (params == null) {
                continue;
            }
            pathKnown = true;
            if (route.method().equals(method)) {
                return new Match(route.handler(), params);
            }
        }
        if (pathKnown) {
            throw new HttpException(405, "method " + method + " is not allowed on " + path);
        }
        throw HttpException.notFound("no such path: " + path);
    }

    private static Map<String, String> matchPath(String[] pattern, String[] parts) {
        if (pattern.length != parts.length) {
            return null;
        }
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < pattern.length; i++) {
            String p = pattern[i];
            if (p.startsWith("{") && p.endsWith("}")) {
                params.put(p.substring(1, p.length() - 1), parts[i]);
            } else if (!p.equals(parts[i])) {
                return null;
            }
        }
        return params;
    }

    private static String[] segments(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/+");
    }
}
