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
package io.skiff.broker.security;

import java.util.Locale;

/**
 * Kafka's four listener security protocols: whether a listener wraps connections in TLS and whether clients must
 * authenticate with SASL before anything but ApiVersions and the SASL APIs is served.
 */
public enum SecurityProtocol {
    PLAINTEXT(false, false),
    SSL(true, false),
    SASL_PLAINTEXT(false, true),
    SASL_SSL(true, true);

    private final boolean tls;
    private final boolean sasl;

    SecurityProtocol(boolean tls, boolean sasl) {
        this.tls = tls;
        this.sasl = sasl;
    }

    public boolean usesTls() {
        return tls;
    }

    public boolean usesSasl() {
        return sasl;
    }

    /** By Kafka's name, case-insensitive. */
    public static SecurityProtocol of(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }
}
