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
package io.skiff.broker.security.sasl;

import io.skiff.broker.security.principal.KafkaPrincipal;

/**
 * What the mechanisms whose client proves itself in one message (PLAIN, OAUTHBEARER) share: the mechanism's name, and
 * the principal the exchange authenticated, complete once there is one.
 *
 * <p>Not thread-safe: one per exchange.
 */
abstract class OneMessageAuthenticator implements SaslAuthenticator {
    private final String mechanism;
    private KafkaPrincipal principal;

    OneMessageAuthenticator(String mechanism) {
        this.mechanism = mechanism;
    }

    /** The exchange authenticated {@code user}. */
    final void authenticated(KafkaPrincipal user) {
        this.principal = user;
    }

    @Override
    public final String mechanism() {
        return mechanism;
    }

    @Override
    public final boolean isComplete() {
        return principal != null;
    }

    @Override
    public final KafkaPrincipal principal() {
        return principal;
    }
}
