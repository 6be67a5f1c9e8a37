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
package io.skiff.testkit;

import io.skiff.broker.SkiffServer;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the broker of a failed test up for a while when the developer asked for it with
 * {@code -Dskiff.console.keepAliveOnFailure=SECONDS}, so they can look at it in the console (or with kcat) before it
 * closes. Never waits unless the property is set. Stateless.
 */
final class FailedTestHold {
    static final String PROPERTY = "skiff.console.keepAliveOnFailure";
    static final long DEFAULT_SECONDS = 600;

    private FailedTestHold() {}

    /** How long to hold, from the property's value: 0 when unset, empty, {@code false} or not a number. */
    static long seconds(String value) {
        if (value == null || value.isBlank() || value.equalsIgnoreCase("false")) {
            return 0;
        }
        if (value.equalsIgnoreCase("true")) {
            return DEFAULT_SECONDS;
        }
        try {
            return Math.max(0, Long.parseLong(value.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static void maybeHold(String test, SkiffServer server, PrintStream out) {
        long seconds = seconds(System.getProperty(PROPERTY));
        if (seconds == 0) {
            return;
        }
        out.println("Skiff: " + test + " failed; its broker stays up for " + seconds + " s (" + PROPERTY + "): "
                + server.extensionUrl("console")
                        .map(url -> "console " + url + ", ")
                        .orElse("no console (@Skiff(console = true) adds one), ")
                + "bootstrap servers " + server.bootstrapServers());
        try {
            new CountDownLatch(1).await(seconds, TimeUnit.SECONDS); // interrupting the test run ends the wait
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
