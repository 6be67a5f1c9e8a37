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

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Escaping and formatting for the pages. Every string that comes from the broker or a client (names, keys, values,
 * headers, messages) goes through {@link #esc} before it enters the markup, in text and in attributes alike. Stateless.
 */
public final class Html {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private Html() {}

    /** Text safe inside an element or a quoted attribute value. */
    public static String esc(Object value) {
        String s = String.valueOf(value);
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A query parameter value, percent-encoded (then escaped by the caller for the attribute). */
    public static String url(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** 1.2 KiB, 3.4 MiB... */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** A duration: 45 s, 12 min, 3 h 5 min, 2 d 4 h. */
    public static String duration(long ms) {
        long s = ms / 1000;
        if (s < 60) {
            return s + " s";
        }
        long m = s / 60;
        if (m < 60) {
            return m + " min " + (s % 60) + " s";
        }
        long h = m / 60;
        if (h < 24) {
            return h + " h " + (m % 60) + " min";
        }
        return (h / 24) + " d " + (h % 24) + " h";
    }

    /** A retention or other millisecond setting: -1 is unlimited. */
    public static String limitMs(long ms) {
        return ms < 0 ? "unlimited" : duration(ms);
    }

    /** An epoch-millisecond timestamp in UTC, or "none" for -1. */
    public static String time(long epochMs) {
        return epochMs < 0 ? "none" : TIME.format(Instant.ofEpochMilli(epochMs)) + " UTC";
    }
}
