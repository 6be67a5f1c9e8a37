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

import io.skiff.broker.extension.BrokerExtension;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.console.api.ConsoleApi;
import io.skiff.console.auth.Access;
import io.skiff.console.page.LoginPages;
import io.skiff.console.page.Pages;
import io.skiff.console.services.ConsoleServices;
import io.skiff.console.services.RequestServices;
import io.skiff.http.HttpRequest;
import io.skiff.http.HttpResponse;
import io.skiff.http.HttpServer;
import io.skiff.http.Routes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** A running console: its HTTP listener and the services behind it. Thread-safe. */
final class Console implements BrokerExtension.Running {
    /** Forms and API bodies are small; a produced record's value is the largest. */
    private static final int MAX_BODY_BYTES = 1024 * 1024;

    private final HttpServer server;
    private final ConsoleServices services;

    private Console(HttpServer server, ConsoleServices services) {
        this.server = server;
        this.services = services;
    }

    static Console start(BrokerContext broker, InetSocketAddress address) throws IOException {
        ConsoleServices services = new ConsoleServices(broker);
        try {
            Routes routes = new Routes();
            Access access = new Access(
                    broker,
                    address.isUnresolved()
                            ? address.getHostString()
                            : address.getAddress().getHostAddress());
            GuardHolder guard = new GuardHolder(access);
            new LoginPages(access).addTo(routes, guard::wrap);
            RequestServices requests = new RequestServices(services, access);
            new Pages(requests).addTo(routes, guard::wrap);
            new ConsoleApi(requests).addTo(routes, guard::wrap);
            Assets.load().addTo(routes, guard::wrap);
            HttpServer server = HttpServer.start(address, routes, MAX_BODY_BYTES, "console");
            guard.set(new RequestGuard(server.address()));
            return new Console(server, services);
        } catch (IOException | RuntimeException e) {
            services.close();
            throw e;
        }
    }

    @Override
    public Optional<String> url() {
        return Optional.of(server.url());
    }

    @Override
    public void close() {
        server.close();
        services.close();
    }

    /**
     * The guard, known once the listener is bound (its port decides the allowed Host), then the login: before it,
     * only the login form, its assets and {@code POST /api/login} answer; a page sends the browser to the form, the
     * API answers 401.
     */
    private static final class GuardHolder {
        private final Access access;
        private volatile RequestGuard guard;

        GuardHolder(Access access) {
            this.access = access;
        }

        void set(RequestGuard guard) {
            this.guard = guard;
        }

        Routes.Handler wrap(Routes.Handler handler) {
            return request -> {
                RequestGuard g = guard;
                if (g == null) {
                    throw new io.skiff.http.HttpException(503, "the console is starting");
                }
                g.check(request);
                if (needsLogin(request) && access.find(request).isEmpty()) {
                    if (request.path().startsWith("/api/")) {
                        throw new io.skiff.http.HttpException(401, "log in first (POST /api/login)");
                    }
                    String next = request.method().equals("GET") ? request.path() + query(request) : "/";
                    return HttpResponse.text(303, "text/plain; charset=utf-8", "")
                            .withHeader("Location", "/login?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8))
                            .withHeader("Cache-Control", "no-store");
                }
                return handler.handle(request);
            };
        }

        private boolean needsLogin(HttpRequest request) {
            String path = request.path();
            return access.loginRequired()
                    && !path.equals("/login")
                    && !path.equals("/api/login")
                    && !path.startsWith("/static/");
        }

        private static String query(HttpRequest request) {
            StringBuilder q = new StringBuilder();
            request.query()
                    .forEach((name, values) -> values.forEach(v -> q.append(q.length() == 0 ? '?' : '&')
                            .append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                            .append('=')
                            .append(URLEncoder.encode(v, StandardCharsets.UTF_8))));
            return q.toString();
        }
    }
}
