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
 * The address of a side HTTP listener (the test control's {@code skiff.control.listener=http://host:port}, the
 * console's, the schema registry's, which may also be {@code https://host:port}). Immutable.
 *
 * @param host the host to bind (a name or an address; brackets of an IPv6 address removed)
 * @param port the port, 0 for a free one
 * @param tls  whether the value said {@code https://}
 */
public record ControlListener(String host, int port, boolean tls) {
    /** The listener of a value, or null when it is not {@code http://host:port}. */
    public static ControlListener parse(String value) {
        return parse(value, false);
    }

    /** The listener of a value, or null when it is not {@code http://host:port} or {@code https://host:port}. */
    public static ControlListener parseHttpOrHttps(String value) {
        return parse(value, true);
    }

    private static ControlListener parse(String value, boolean httpsAllowed) {
        try {
            URI uri = new URI(value.trim());
            boolean https = httpsAllowed && "https".equalsIgnoreCase(uri.getScheme());
            if (!("http".equalsIgnoreCase(uri.getScheme()) || https)
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
            return new ControlListener(host, uri.getPort(), https);
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
