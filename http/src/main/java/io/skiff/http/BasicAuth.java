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
package io.skiff.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP basic authentication (RFC 7617) as a {@link HttpServer.Guard}: every request must carry
 * {@code Authorization: Basic base64(user:password)} with a password {@link Passwords} accepts; otherwise 401 in the
 * server's error shape with {@code WWW-Authenticate: Basic realm="..."}. Stateless and thread-safe when the password
 * check is.
 */
public final class BasicAuth implements HttpServer.Guard {

    /** Says whether a user's password is right. Thread-safe. */
    @FunctionalInterface
    public interface Passwords {
        boolean verify(String user, String password);
    }

    private final String realm;
    private final Passwords passwords;
    private final HttpServer.ErrorBody errors;

    public BasicAuth(String realm, Passwords passwords, HttpServer.ErrorBody errors) {
        this.realm = realm;
        this.passwords = passwords;
        this.errors = errors;
    }

    @Override
    public HttpResponse refuse(String method, String path, Map<String, String> headers) {
        String[] credentials = credentials(headers.get("authorization"));
        if (credentials != null && passwords.verify(credentials[0], credentials[1])) {
            return null;
        }
        return errors.render(401, "Unauthorized").withHeader("WWW-Authenticate", "Basic realm=\"" + realm + "\"");
    }

    /** {@code [user, password]} of a basic {@code Authorization} header, or null when it is missing or not one. */
    static String[] credentials(String header) {
        if (header == null) {
            return null;
        }
        String value = header.strip();
        int space = value.indexOf(' ');
        if (space < 0 || !value.substring(0, space).toLowerCase(Locale.ROOT).equals("basic")) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(
                    Base64.getDecoder().decode(value.substring(space + 1).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? null : new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }
}
