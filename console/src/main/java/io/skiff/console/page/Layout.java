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
        {"security", "/security", "Security"},
    };

    private Layout() {}

    /** A whole page. {@code body} is markup built with {@link Html#esc} for every value in it. */
    static HttpResponse page(String title, String active, String message, String error, String body) {
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
                .append("</label></header><main id=\"main\" tabindex=\"-1\"><h1>")
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

    /** After a form: back to a page (303, so a reload does not post again). */
    static HttpResponse redirect(String location) {
        return HttpResponse.text(303, "text/plain; charset=utf-8", "")
                .withHeader("Location", location)
                .withHeader("Cache-Control", "no-store");
    }
}
