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
package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.epoll.Epoll;
import io.netty.util.Version;
import io.skiff.broker.SkiffServer;
import io.skiff.testkit.SkiffKit;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Skiff's relocated Netty 4.2 runs beside the application's own Netty 4.1, native epoll transports included. */
class Netty41ClasspathTest {
    @Test
    void skiffRunsOnItsOwnNettyBesideTheApplications() {
        assertTrue(Version.identify().get("netty-common").artifactVersion().startsWith("4.1."),
                "the application's Netty is 4.1: " + Version.identify().get("netty-common"));
        boolean linux = System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux")
                && System.getProperty("os.arch").matches("amd64|x86_64|aarch64");
        try (SkiffServer server = SkiffServer.builder().start();
                SkiffKit kit = new SkiffKit(server)) {
            assertEquals(linux, server.usesEpoll(), "the relocated epoll library loads under its renamed file");
            if (System.getProperty("os.arch").matches("amd64|x86_64")) { // the pom brings the x86_64 library only
                assertEquals(linux, Epoll.isAvailable(), "and the application's own epoll still loads");
            }
            kit.send("t", "k", "v");
            assertEquals("v", kit.readRecord("t", Duration.ofSeconds(10)).value());
        }
    }
}
