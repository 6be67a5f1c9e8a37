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
package io.skiff.console.page;

import io.skiff.console.auth.Access;
import io.skiff.console.auth.Sessions;
import io.skiff.http.HttpRequest;
import io.skiff.http.HttpResponse;
import io.skiff.http.Routes;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The login form and log out, on a console that asks for a login ({@link Access#loginRequired()}). A login that
 * succeeds sets the session cookie and goes on to the page that asked for it. Stateless over {@link Access}.
 */
public final class LoginPages {
    /** Kafka's answer to a wrong SASL password: it does not say which of the two was wrong. */
    public static final String REFUSED = "Authentication failed: Invalid username or password";

    private final Access access;

    public LoginPages(Access access) {
        this.access = access;
    }

    /** Adds /login (GET, POST) and /logout (POST), each handler wrapped by {@code guard}. */
    public void addTo(Routes routes, UnaryOperator<Routes.Handler> guard) {
        routes.get(
                "/login",
                guard.apply(r -> access.loginRequired()
                        ? Layout.login(r.queryParam("err", ""), next(r.queryParam("next", "/")))
                        : Layout.redirect("/"))); // nothing to log in to
        routes.post("/login", guard.apply(this::login));
        routes.post("/logout", guard.apply(r -> {
            access.logout(r);
            return Layout.redirect("/login").withHeader("Set-Cookie", Sessions.clearedCookie());
        }));
    }

    private HttpResponse login(HttpRequest r) {
        Form f = Form.of(r);
        String next = next(f.get("next"));
        Optional<String> token = access.login(f.get("user"), f.get("password"));
        if (token.isEmpty()) {
            return Layout.redirect("/login?next=" + Html.url(next) + "&err=" + Html.url(REFUSED));
        }
        return Layout.redirect(next).withHeader("Set-Cookie", Sessions.cookie(token.get()));
    }

    /** Where to go after the login: a path of this console only (never another site). */
    static String next(String wanted) {
        boolean local = wanted != null
                && wanted.startsWith("/")
                && !wanted.startsWith("//")
                && !wanted.startsWith("/\\")
                && !wanted.startsWith("/login");
        return local ? wanted : "/";
    }
}
