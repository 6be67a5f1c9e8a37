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
package io.skiff.config;

import java.net.InetSocketAddress;

/**
 * One listener: {@code NAME://host:port}.
 *
 * <p>Thread-safety: immutable.
 *
 * @param listenerName upper-case listener name, e.g. {@code PLAINTEXT}
 * @param host         host name or IP literal (IPv6 without brackets); empty = every interface
 * @param port         0-65535; 0 = pick a free port when binding
 */
public record Endpoint(String listenerName, String host, int port) {

    /** True when the host is empty: bind every interface. */
    public boolean isWildcardHost() {
        return host.isEmpty();
    }

    /** The address to bind: wildcard when the host is empty (unresolved hosts are resolved here). */
    public InetSocketAddress bindAddress() {
        return isWildcardHost() ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
    }

    /** Back to the listener URI syntax. */
    public String uri() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return listenerName + "://" + h + ":" + port;
    }

    @Override
    public String toString() {
        return uri();
    }
}
