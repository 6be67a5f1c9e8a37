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
package io.skiff.broker.server;

import io.skiff.broker.security.SecurityProtocol;
import io.skiff.broker.security.ssl.ServerTls;
import java.util.Objects;

/**
 * One address to listen on.
 *
 * @param name     listener name, e.g. {@code PLAINTEXT}
 * @param host     host or IP to bind; empty or {@code 0.0.0.0} binds every interface
 * @param port     port to bind; 0 picks a free one
 * @param protocol the listener's security protocol
 * @param tls      the TLS context when the protocol uses TLS, else null
 */
public record ListenerSpec(String name, String host, int port, SecurityProtocol protocol, ServerTls tls) {
    public ListenerSpec {
        Objects.requireNonNull(protocol);
        if (protocol.usesTls() != (tls != null)) {
            throw new IllegalArgumentException("listener " + name + ": a TLS context is needed exactly for TLS");
        }
    }

    /** A PLAINTEXT listener. */
    public ListenerSpec(String name, String host, int port) {
        this(name, host, port, SecurityProtocol.PLAINTEXT, null);
    }
}
