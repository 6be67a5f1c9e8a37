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
package io.skiff.console.auth;

import io.skiff.broker.handler.BrokerContext;
import io.skiff.broker.security.acl.StandardAuthorizer;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.http.HttpException;
import io.skiff.http.HttpRequest;
import java.util.Optional;

/**
 * Who may use the console. On a broker with SASL or an authorizer the console asks for a login (checked by
 * {@link Credentials}) and every request acts as that user, under the broker's authorizer ({@link Caller}); on any
 * other broker there is no login and every request is unrestricted, as a PLAINTEXT client's is. Thread-safe.
 */
public final class Access {
    private final boolean loginRequired;
    private final Credentials credentials;
    private final Sessions sessions;
    private final StandardAuthorizer authorizer;
    private final String host;

    /**
     * @param host the address ACLs are matched against: the console listens on loopback when the broker is secured,
     *             so its browser is on this machine
     */
    public Access(BrokerContext broker, String host) {
        this.authorizer = broker.security().authorizer();
        this.loginRequired = authorizer != null || broker.security().anySasl();
        this.credentials = new Credentials(broker.security());
        this.sessions = new Sessions(broker.clock());
        this.host = host;
    }

    /** Whether the console asks for a login. */
    public boolean loginRequired() {
        return loginRequired;
    }

    /** The request's caller, if it may use the console (logged in, or no login needed). */
    public Optional<Caller> find(HttpRequest request) {
        if (!loginRequired) {
            return Optional.of(Caller.unrestricted());
        }
        return sessions.find(request).map(p -> new Caller(p, host, authorizer));
    }

    /** The request's caller; 401 when it has not logged in. */
    public Caller caller(HttpRequest request) {
        return find(request).orElseThrow(() -> new HttpException(401, "log in first (POST /api/login)"));
    }

    /** A session token when the password is the user's, else empty. */
    public Optional<String> login(String user, String password) {
        Optional<KafkaPrincipal> principal = credentials.verify(user, password);
        return principal.map(sessions::open);
    }

    /** Ends the request's session. */
    public void logout(HttpRequest request) {
        sessions.close(request);
    }
}
