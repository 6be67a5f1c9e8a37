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
package io.skiff.registry;

import io.skiff.broker.extension.BrokerExtension;
import io.skiff.broker.extension.RecordDecoder;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.config.ControlListener;
import io.skiff.http.HttpServer;
import io.skiff.http.Routes;
import io.skiff.registry.api.RegistryApi;
import io.skiff.registry.service.Registry;
import io.skiff.registry.store.SchemasTopic;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * A running registry: what the {@code _schemas} topic holds, replayed at start, served over HTTP. Requests run one
 * at a time on the listener's worker thread.
 */
final class SchemaRegistry implements BrokerExtension.Running {
    /** Schemas are text; Confluent's own limit on a request is far above any real schema. */
    private static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    private final HttpServer server;
    private final Registry registry;
    private final BrokerContext broker;
    private final RecordDecoder decoder;

    private SchemaRegistry(HttpServer server, Registry registry, BrokerContext broker) {
        this.server = server;
        this.registry = registry;
        this.broker = broker;
        this.decoder = new SchemaRecordDecoder(registry);
        RecordDecoder.Published.publish(broker, decoder); // the console decodes records with it
    }

    static SchemaRegistry start(BrokerContext broker, ControlListener listener) throws IOException {
        Registry registry = new Registry(new SchemasTopic(broker));
        registry.replay();
        Routes routes = new Routes();
        new RegistryApi(registry).addTo(routes);
        // Jetty's words for errors outside the API ("HTTP 404 Not Found"); 401 as Confluent's basic auth answers it.
        HttpServer.ErrorBody errors = (status, message) ->
                RegistryApi.error(status, status, status == 401 ? message : "HTTP " + status + " " + message);
        RegistrySecurity security = RegistrySecurity.of(broker, listener, errors);
        HttpServer server = HttpServer.start(
                new InetSocketAddress(listener.host(), listener.port()),
                routes,
                MAX_BODY_BYTES,
                "schema-registry",
                errors,
                security.tls(),
                security.guard());
        return new SchemaRegistry(server, registry, broker);
    }

    @Override
    public Optional<String> url() {
        return Optional.of(server.url());
    }

    @Override
    public void reset() {
        registry.clear();
    }

    @Override
    public void close() {
        RecordDecoder.Published.withdraw(broker, decoder);
        server.close();
    }
}
