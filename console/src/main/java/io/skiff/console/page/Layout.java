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

import static io.skiff.console.page.Html.esc;

import io.skiff.http.HttpResponse;

/**
 * The frame every page shares: the navigation, the live switch, a flash message, the stylesheet and the one script.
 * Regions marked {@code data-live} (each with an id) are what the script refreshes; everything else, forms included,
 * stays as the user left it. Stateless.
 */
final class Layout {
    /** No inline script or style may run, and nothing is loaded from elsewhere: escaping's second line of defence. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final String[][] NAV = {
        {"overview", "/", "Overview"},
        {"topics", "/topics", "Topics"},
        {"groups", "/groups", "Groups"},
        {"transactions", "/transactions", "Transactions"},
        {"connections", "/connections", "Connections"},
        {"internals", "/internals", "Internals"},
        {"security", "/security", "Security"},
    };

    private Layout() {}

    /**
     * A whole page. {@code body} is markup built with {@link Html#esc} for every value in it; {@code user} is the
     * logged-in user (shown with a log-out button), or null when the console has no login.
     */
    static HttpResponse page(String title, String active, String message, String error, String body, String user) {
        StringBuilder h = new StringBuilder(body.length() + 2048);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>")
                .append(esc(title))
                .append(" · Skiff</title>")
                .append("<link rel=\"stylesheet\" href=\"/static/console.css\">")
                .append("<script src=\"/static/console.js\" defer></script></head><body>")
                .append("<a class=\"skip\" href=\"#main\">Skip to content</a>")
                .append("<header><span class=\"brand\">Skiff</span><nav aria-label=\"Pages\"><ul>");
        for (String[] item : NAV) {
            h.append("<li><a href=\"")
                    .append(item[1])
                    .append('"')
                    .append(item[0].equals(active) ? " aria-current=\"page\"" : "")
                    .append('>')
                    .append(item[2])
                    .append("</a></li>");
        }
        h.append("</ul></nav><label class=\"live\"><input type=\"checkbox\" id=\"live\" checked> Live updates")
                .append("</label>");
        if (user != null) {
            h.append("<form class=\"logout\" method=\"post\" action=\"/logout\"><span id=\"user\">")
                    .append(esc(user))
                    .append("</span> <button type=\"submit\">Log out</button></form>");
        }
        h.append("</header><main id=\"main\" tabindex=\"-1\"><h1>")
                .append(esc(title))
                .append("</h1>");
        if (message != null && !message.isEmpty()) {
            h.append("<p class=\"flash ok\" role=\"status\" id=\"flash\">")
                    .append(esc(message))
                    .append("</p>");
        }
        if (error != null && !error.isEmpty()) {
            h.append("<p class=\"flash error\" role=\"alert\" id=\"flash\">")
                    .append(esc(error))
                    .append("</p>");
        }
        h.append(body).append("</main></body></html>\n");
        return HttpResponse.text(200, "text/html; charset=utf-8", h.toString())
                .withHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .withHeader("X-Content-Type-Options", "nosniff")
                .withHeader("Cache-Control", "no-store");
    }

    /** A page saying why a request was refused, with the refusal's status (403, 404...). */
    static HttpResponse error(int status, String message, String user) {
        HttpResponse page = page(
                status == 403 ? "Not authorized" : "Not found",
                "",
                "",
                message,
                "<p><a href=\"/\">Back to the overview</a></p>",
                user);
        return new HttpResponse(status, page.json(), page.contentType(), page.headers());
    }

    /** The login form alone, without the navigation (nothing else is reachable before it). */
    static HttpResponse login(String error, String next) {
        StringBuilder h = new StringBuilder(1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>Log in · Skiff</title><link rel=\"stylesheet\" href=\"/static/console.css\"></head>")
                .append("<body><header><span class=\"brand\">Skiff</span></header><main id=\"main\"><h1>Log in</h1>")
                .append("<p>This broker has SASL or ACLs: log in as a user it knows (PLAIN or SCRAM). The console")
                .append(" shows and does what the broker's ACLs allow that user.</p>");
        if (error != null && !error.isEmpty()) {
            h.append("<p class=\"flash error\" role=\"alert\" id=\"flash\">")
                    .append(esc(error))
                    .append("</p>");
        }
        h.append("<form method=\"post\" action=\"/login\" class=\"stack\" id=\"login\">")
                .append("<input type=\"hidden\" name=\"next\" value=\"")
                .append(esc(next))
                .append("\"><label>User <input name=\"user\" id=\"login-user\" autocomplete=\"username\"")
                .append(" required autofocus></label><label>Password <input type=\"password\" name=\"password\"")
                .append(" id=\"login-password\" autocomplete=\"current-password\" required></label>")
                .append("<button type=\"submit\">Log in</button></form></main></body></html>\n");
        return HttpResponse.text(200, "text/html; charset=utf-8", h.toString())
                .withHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .withHeader("X-Content-Type-Options", "nosniff")
                .withHeader("Cache-Control", "no-store");
    }

    /** After a form: back to a page (303, so a reload does not post again). */
    static HttpResponse redirect(String location) {
        return HttpResponse.text(303, "text/plain; charset=utf-8", "")
                .withHeader("Location", location)
                .withHeader("Cache-Control", "no-store");
    }
}
