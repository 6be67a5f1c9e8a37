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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.skiff.broker.SkiffServer;
import io.skiff.testkit.Skiff;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The test kit's option: the console on a free loopback port of the test's broker. */
@Skiff(console = true)
class SkiffConsoleAnnotationTest {
    SkiffServer server;

    @Test
    void theTestsBrokerServesItsConsole() throws Exception {
        String url = server.extensionUrl("console").orElseThrow();
        assertTrue(url.startsWith("http://127.0.0.1:"), url);
        HttpResponse<String> page = HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create(url + "/")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains(server.clusterId()), page.body());
    }
}
