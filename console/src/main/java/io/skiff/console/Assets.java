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
package io.skiff.console;

import io.skiff.http.HttpException;
import io.skiff.http.HttpResponse;
import io.skiff.http.Routes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The console's stylesheet and script, served from the jar (nothing is fetched from elsewhere). Thread-safe. */
final class Assets {
    private static final Map<String, String> TYPES = Map.of(
            "console.css", "text/css; charset=utf-8",
            "console.js", "text/javascript; charset=utf-8");

    private final Map<String, String> contents;

    private Assets(Map<String, String> contents) {
        this.contents = contents;
    }

    /** Reads the assets once, at start. */
    static Assets load() {
        return new Assets(Map.of("console.css", read("console.css"), "console.js", read("console.js")));
    }

    void addTo(Routes routes, java.util.function.UnaryOperator<Routes.Handler> guard) {
        routes.get("/static/{file}", guard.apply(r -> {
            String file = r.pathParam("file");
            String body = contents.get(file);
            if (body == null) {
                throw HttpException.notFound("no such file: " + file);
            }
            return HttpResponse.text(200, TYPES.get(file), body)
                    .withHeader("X-Content-Type-Options", "nosniff")
                    .withHeader("Cache-Control", "no-cache");
        }));
    }

    private static String read(String name) {
        try (InputStream in = Assets.class.getResourceAsStream("static/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + name + " is missing from its jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
