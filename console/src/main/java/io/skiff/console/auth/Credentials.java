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

import io.skiff.broker.security.BrokerSecurity;
import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.broker.security.sasl.SaslAuthenticationException;
import io.skiff.broker.security.sasl.SaslAuthenticator;
import io.skiff.broker.security.sasl.SaslMechanisms;
import io.skiff.broker.security.sasl.ScramCredential;
import io.skiff.broker.security.sasl.ScramCredentialStore;
import io.skiff.broker.security.sasl.ScramMechanism;
import io.skiff.config.Endpoint;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Optional;

/**
 * Checks a console login against the credentials the broker itself accepts: the PLAIN users of its SASL listeners'
 * JAAS configuration (through the broker's own PLAIN authenticator) and the SCRAM credentials it stores (the salted
 * password recomputed and compared with the stored key, as a SCRAM exchange proves it). The principal is
 * {@code User:name}, as a SASL client's is. Thread-safe.
 */
public final class Credentials {
    private final BrokerSecurity security;
    private final List<Endpoint> listeners;

    public Credentials(BrokerSecurity security, List<Endpoint> listeners) {
        this.security = security;
        this.listeners = List.copyOf(listeners);
    }

    /** The user's principal when the password is theirs, else empty. */
    public Optional<KafkaPrincipal> verify(String user, String password) {
        if (user == null || user.isEmpty() || password == null || password.isEmpty()) {
            return Optional.empty();
        }
        return plain(user, password).or(() -> scram(user, password));
    }

    private Optional<KafkaPrincipal> plain(String user, String password) {
        byte[] token = ("\u0000" + user + "\u0000" + password).getBytes(StandardCharsets.UTF_8);
        for (Endpoint listener : listeners) {
            SaslMechanisms mechanisms = security.sasl(listener.listenerName());
            SaslAuthenticator plain = mechanisms == null ? null : mechanisms.newAuthenticator("PLAIN");
            if (plain == null) {
                continue;
            }
            try {
                plain.evaluate(token);
                return Optional.of(plain.principal());
            } catch (SaslAuthenticationException wrongForThisListener) {
                // another listener may list the user
            }
        }
        return Optional.empty();
    }

    private Optional<KafkaPrincipal> scram(String user, String password) {
        ScramCredentialStore store = security.scramCredentials();
        if (store == null) {
            return Optional.empty();
        }
        for (ScramMechanism mechanism : ScramMechanism.values()) {
            ScramCredential stored = store.credential(user, mechanism);
            if (stored == null) {
                continue;
            }
            byte[] salted = mechanism.saltedPassword(password, stored.salt(), stored.iterations());
            ScramCredential offered = mechanism.credential(stored.salt(), salted, stored.iterations());
            if (MessageDigest.isEqual(offered.storedKey(), stored.storedKey())) {
                return Optional.of(KafkaPrincipal.user(user));
            }
        }
        return Optional.empty();
    }
}
