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
package io.skiff.console;

import io.skiff.http.HttpException;
import io.skiff.http.HttpRequest;
import io.skiff.http.Routes;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses requests that a web page elsewhere could make through the user's browser: with a loopback listener, a
 * {@code Host} other than the listener's own (DNS rebinding); for changes (POST, PUT, DELETE), an {@code Origin} other
 * than the console's (cross-site forms). Thread-safe once built.
 */
final class RequestGuard {
    private final Set<String> hosts; // empty: any host (a listener bound beyond loopback)

    RequestGuard(InetSocketAddress bound) {
        int port = bound.getPort();
        this.hosts = bound.getAddress().isLoopbackAddress()
                ? Set.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port)
                : Set.of();
    }

    /** The handler, checked first. */
    Routes.Handler guard(Routes.Handler handler) {
        return request -> {
            check(request);
            return handler.handle(request);
        };
    }

    void check(HttpRequest request) {
        String host = request.header("host");
        if (!hosts.isEmpty() && (host == null || !hosts.contains(host.toLowerCase(Locale.ROOT)))) {
            throw new HttpException(403, "the console answers only requests to its own address, not " + host);
        }
        if (!request.method().equals("GET")) {
            String origin = request.header("origin");
            if (origin != null && host != null && !origin.equalsIgnoreCase("http://" + host)) {
                throw new HttpException(403, "a change from another site (" + origin + ") is refused");
            }
        }
    }
}
