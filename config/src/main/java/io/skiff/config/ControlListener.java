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

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The address of the test control HTTP listener, {@code skiff.control.listener=http://host:port}. Immutable.
 *
 * @param host the host to bind (a name or an address; brackets of an IPv6 address removed)
 * @param port the port, 0 for a free one
 */
public record ControlListener(String host, int port) {
    /** The listener of a value, or null when it is not {@code http://host:port}. */
    public static ControlListener parse(String value) {
        try {
            URI uri = new URI(value.trim());
            if (!"http".equalsIgnoreCase(uri.getScheme())
                    || uri.getHost() == null
                    || uri.getPort() < 0
                    || uri.getPort() > 65535
                    || uri.getUserInfo() != null
                    || uri.getQuery() != null
                    || uri.getFragment() != null
                    || !(uri.getPath() == null
                            || uri.getPath().isEmpty()
                            || uri.getPath().equals("/"))) {
                return null;
            }
            String host = uri.getHost();
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            return new ControlListener(host, uri.getPort());
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
