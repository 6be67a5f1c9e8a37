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

import io.netty.handler.ssl.SslContext;
import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.security.BrokerSecurity;
import io.skiff.config.BrokerConfigKeys;
import io.skiff.config.ControlListener;
import io.skiff.http.BasicAuth;
import io.skiff.http.HttpServer;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry listener's TLS and authentication, from the broker's own security settings: an {@code https://}
 * listener serves TLS with the {@code ssl.*} keys prefixed {@code listener.name.schema_registry.}, else the broker's
 * {@code ssl.*} keys, else the development CA's certificate (as the broker's TLS listeners do);
 * {@code schema.registry.authentication.method=BASIC} asks every request for HTTP basic authentication with a user
 * of the broker (its SASL PLAIN users and SCRAM credentials). Immutable.
 *
 * @param tls   the server's TLS context, or null for plain HTTP
 * @param guard what checks each request first
 */
record RegistrySecurity(SslContext tls, HttpServer.Guard guard) {
    private static final Logger LOG = LoggerFactory.getLogger(RegistrySecurity.class);

    /** The name whose {@code listener.name.<name>.ssl.*} keys configure the registry's TLS alone. */
    static final String LISTENER_NAME = "SCHEMA_REGISTRY";

    /** Confluent's realm name in its security documentation. */
    static final String REALM = "SchemaRegistry";

    static RegistrySecurity of(BrokerContext broker, ControlListener listener, HttpServer.ErrorBody errors) {
        BrokerSecurity security = broker.security();
        SslContext tls = listener.tls()
                ? security.sideListenerTls(LISTENER_NAME, List.of(listener.host()))
                        .context()
                : null;
        String method = broker.config()
                .get(BrokerConfigKeys.SCHEMA_REGISTRY_AUTHENTICATION_METHOD)
                .toUpperCase(Locale.ROOT);
        HttpServer.Guard guard = HttpServer.Guard.NONE;
        if (method.equals("BASIC")) {
            if (!security.anySasl()) {
                LOG.warn("schema.registry.authentication.method=BASIC but no listener uses SASL: only SCRAM "
                        + "credentials can authenticate registry requests");
            }
            if (!listener.tls()) {
                LOG.warn("The schema registry asks for basic authentication over plain HTTP: passwords cross the "
                        + "network readable; use an https:// listener beyond loopback");
            }
            guard = new BasicAuth(REALM, security::passwordMatches, errors);
        }
        return new RegistrySecurity(tls, guard);
    }
}
