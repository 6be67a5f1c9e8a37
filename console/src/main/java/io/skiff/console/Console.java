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
import io.skiff.console.page.Pages;
import io.skiff.console.services.ConsoleServices;
import io.skiff.http.HttpServer;
import io.skiff.http.Routes;
import java.io.IOException;
import java.net.InetSocketAddress;
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
            GuardHolder guard = new GuardHolder();
            new Pages(services).addTo(routes, guard::wrap);
            new ConsoleApi(services).addTo(routes, guard::wrap);
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

    /** The guard, known once the listener is bound (its port decides the allowed Host). */
    private static final class GuardHolder {
        private volatile RequestGuard guard;

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
                return handler.handle(request);
            };
        }
    }
}
