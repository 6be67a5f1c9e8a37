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
import java.util.Optional;

/**
 * Checks a console login against the credentials the broker itself accepts ({@link BrokerSecurity#passwordMatches}:
 * the PLAIN users of its SASL listeners' JAAS configuration and the SCRAM credentials it stores, the same check the
 * schema registry's basic authentication makes). The principal is {@code User:name}, as a SASL client's is.
 * Thread-safe.
 */
public final class Credentials {
    private final BrokerSecurity security;

    public Credentials(BrokerSecurity security) {
        this.security = security;
    }

    /** The user's principal when the password is theirs, else empty. */
    public Optional<KafkaPrincipal> verify(String user, String password) {
        if (user == null || user.isEmpty() || password == null || password.isEmpty()) {
            return Optional.empty();
        }
        return security.passwordMatches(user, password) ? Optional.of(KafkaPrincipal.user(user)) : Optional.empty();
    }
}
