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
package io.skiff.broker.security.principal;

import java.util.Objects;

/**
 * Who a connection acts as, in Kafka's {@code Type:name} form ({@code User:alice}). Unauthenticated connections
 * (PLAINTEXT, TLS without a client certificate) are {@link #ANONYMOUS}, as in Kafka.
 *
 * <p>Immutable.
 */
public record KafkaPrincipal(String type, String name) {
    public static final String USER_TYPE = "User";
    public static final KafkaPrincipal ANONYMOUS = new KafkaPrincipal(USER_TYPE, "ANONYMOUS");

    public KafkaPrincipal {
        Objects.requireNonNull(type);
        Objects.requireNonNull(name);
    }

    public static KafkaPrincipal user(String name) {
        return new KafkaPrincipal(USER_TYPE, name);
    }

    /**
     * Parses {@code Type:name} (the name may contain colons, as a certificate's distinguished name may not, but
     * SASL names can).
     *
     * @throws IllegalArgumentException when there is no {@code :} or either side is empty
     */
    public static KafkaPrincipal parse(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected a principal Type:name, got '" + text + "'");
        }
        return new KafkaPrincipal(text.substring(0, colon), text.substring(colon + 1));
    }

    @Override
    public String toString() {
        return type + ":" + name;
    }
}
