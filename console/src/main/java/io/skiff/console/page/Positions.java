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

import io.skiff.console.view.RecordBrowser;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Reads the "offset or time" a user typed. Stateless. */
public final class Positions {
    private Positions() {}

    /** An offset for {@code from=offset} (required there); 0 for the other starts. */
    public static long offset(String at, RecordBrowser.From from) {
        if (from != RecordBrowser.From.OFFSET) {
            return 0;
        }
        try {
            return Long.parseLong(at.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Not an offset: " + at);
        }
    }

    /** Epoch milliseconds, or an ISO-8601 instant ({@code 2026-01-31T12:00:00Z}) or local time read as UTC. */
    public static long timestamp(String at) {
        String s = at.trim();
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException notMillis) {
            try {
                return Instant.parse(s).toEpochMilli();
            } catch (DateTimeParseException notInstant) {
                try {
                    return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC).toEpochMilli();
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException(
                            "Not a time: " + at + " (epoch milliseconds or 2026-01-31T12:00:00Z)");
                }
            }
        }
    }
}
