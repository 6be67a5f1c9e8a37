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

import io.skiff.broker.security.principal.KafkaPrincipal;
import io.skiff.http.HttpRequest;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's logins: a random token per login (256 bits from {@link SecureRandom}), kept only in this map with its
 * principal and end; the browser holds it in an HttpOnly, SameSite=Strict cookie (no script can read it, and no
 * other site's page can send it). A session ends at logout or after {@link #LIFETIME_MS}. Thread-safe.
 */
public final class Sessions {
    public static final String COOKIE = "skiff_console";
    /** A login lasts a working day; the page's live polling must not keep it alive forever. */
    public static final long LIFETIME_MS = 8 * 60 * 60 * 1000L;
    /** Bounds the map if a script logs in in a loop (the oldest sessions end first). */
    private static final int MAX_SESSIONS = 1000;

    private record Session(KafkaPrincipal principal, long endsAt) {}

    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final Clock clock;

    public Sessions(Clock clock) {
        this.clock = clock;
    }

    /** A new session for {@code principal}; its token. */
    public String open(KafkaPrincipal principal) {
        long now = clock.millis();
        sessions.values().removeIf(s -> s.endsAt() <= now);
        while (sessions.size() >= MAX_SESSIONS) {
            sessions.entrySet().stream()
                    .min(Map.Entry.comparingByValue(java.util.Comparator.comparingLong(Session::endsAt)))
                    .ifPresent(oldest -> sessions.remove(oldest.getKey()));
        }
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        sessions.put(token, new Session(principal, now + LIFETIME_MS));
        return token;
    }

    /** The principal of the request's session cookie, when it names a session that has not ended. */
    public Optional<KafkaPrincipal> find(HttpRequest request) {
        String token = token(request);
        Session session = token == null ? null : sessions.get(token);
        if (session == null) {
            return Optional.empty();
        }
        if (session.endsAt() <= clock.millis()) {
            sessions.remove(token);
            return Optional.empty();
        }
        return Optional.of(session.principal());
    }

    /** Ends the request's session, if any. */
    public void close(HttpRequest request) {
        String token = token(request);
        if (token != null) {
            sessions.remove(token);
        }
    }

    /** The {@code Set-Cookie} value that gives the browser {@code token}. */
    public static String cookie(String token) {
        return COOKIE + "=" + token + "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" + LIFETIME_MS / 1000;
    }

    /** The {@code Set-Cookie} value that makes the browser forget its token. */
    public static String clearedCookie() {
        return COOKIE + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0";
    }

    /** The session token in the request's {@code Cookie} header, or null. */
    static String token(HttpRequest request) {
        String header = request.header("cookie");
        if (header == null) {
            return null;
        }
        for (String pair : header.split(";")) {
            String p = pair.trim();
            if (p.startsWith(COOKIE + "=")) {
                String value = p.substring(COOKIE.length() + 1);
                return value.isEmpty() ? null : value;
            }
        }
        return null;
    }
}
